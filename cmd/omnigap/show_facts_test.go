package main

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
)

// TestScenariosShowListsEveryAnnotatedFact holds `scenarios show` to the
// facts the annotator marks: a fact the annotator derives on its own
// would be highlighted in a run yet missing from the scenario's listing
// and the info panel.
func TestScenariosShowListsEveryAnnotatedFact(t *testing.T) {
	scs, err := library.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	derived, paraphrased := 0, 0
	for _, sc := range scs {
		out, err := omnigap(t, "scenarios", "show", sc.ID)
		if err != nil {
			t.Fatalf("%s: %v", sc.ID, err)
		}
		for _, f := range leak.Facts(sc) {
			if !strings.Contains(out, "  "+f.ID+" ") {
				t.Errorf("%s: the annotator's fact %s (%q) is not in `scenarios show`", sc.ID, f.ID, f.Text)
			}
			// The fact's paraphrases are listed under it, and only there.
			if len(f.Paraphrases) > 0 {
				paraphrased++
				if line := "also said as: " + strings.Join(f.Paraphrases, "; "); strings.Count(out, line) != 1 {
					t.Errorf("%s: %s's paraphrases are not listed once (%q)", sc.ID, f.ID, line)
				}
			}
			if f.Derived && sc.Family == scenario.Sotopia {
				derived++
			}
		}
	}
	if paraphrased == 0 {
		t.Error("no built-in scenario has paraphrases; the test checks nothing of them")
	}
	if derived == 0 {
		t.Error("no built-in free-form scenario has a fact derived from its goals; the test checks nothing of them")
	}
}
