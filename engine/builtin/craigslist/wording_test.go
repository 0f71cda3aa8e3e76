package craigslist

import (
	"testing"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// The seed chooses the wording: over a few seeds the same scenario is not
// always said the same way.
func TestSeedChoosesWording(t *testing.T) {
	sc := generate.Craigslist(3)
	seen := map[string]bool{}
	for seed := int64(1); seed <= 10; seed++ {
		seen[builtintest.Turns(builtintest.Play(t, sc, view.Agents, seed))[0].Action.Text] = true
	}
	if len(seen) < 3 {
		t.Errorf("10 seeds gave only %d different opening lines", len(seen))
	}
}
