package ui

import "testing"

// TestEveryKindHasALookOfItsOwn: every annotation kind has a look, and no
// two kinds share their text attributes, which are all that tells them
// apart under NO_COLOR.
func TestEveryKindHasALookOfItsOwn(t *testing.T) {
	if err := CheckLooks(); err != nil {
		t.Error(err)
	}
}
