package library

import (
	"testing"

	_ "github.com/omnigap/omnigap/engine/family/all"
)

// Every built-in scenario is in the file its id names, so Resolve finds it
// by parsing that file alone, and gets the scenario the full list has.
func TestEveryBuiltinIsInTheFileItsIDNames(t *testing.T) {
	list, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range list {
		got, err := builtinFile(want.ID)
		if err != nil || got == nil {
			t.Errorf("%s: not found in %s (%v): name the file after the id", want.ID, FileOf(want.ID), err)
			continue
		}
		if got.ID != want.ID || got.Title != want.Title || len(got.Seats) != len(want.Seats) {
			t.Errorf("%s: %s holds %s %q", want.ID, FileOf(want.ID), got.ID, got.Title)
		}
	}
	if sc, err := builtinFile("craigslist/no-such-thing"); sc != nil || err != nil {
		t.Errorf("an id with no file: %v, %v", sc, err)
	}
}
