package builtin

import (
	"reflect"
	"testing"
)

// Two scenarios that differ only in their id, played with one seed, say
// other words but make the same moves: every turn's action (prices
// included), every annotation and the ending's figures but words are the
// same. The wording dice know the scenario; the decisions' dice do not.
func TestScenarioVariesWordingNotDecisions(t *testing.T) {
	for _, sc := range append(listingScenarios(t), librarySotopia(t)...) {
		twin := *sc
		twin.ID = sc.ID + "-twin"
		for _, mode := range playedModes {
			differ := 0
			for seed := int64(1); seed <= 5; seed++ {
				a, b := play(t, sc, mode, seed), play(t, &twin, mode, seed)
				ta, tb := turns(a), turns(b)
				if len(ta) != len(tb) {
					t.Fatalf("%s %s seed %d: %d turns, the twin %d", sc.ID, mode, seed, len(ta), len(tb))
				}
				for i := range ta {
					x, y := ta[i].Action, tb[i].Action
					if x.Text != y.Text {
						differ++
					}
					x.Text, y.Text = "", ""
					if !reflect.DeepEqual(x, y) {
						t.Errorf("%s %s seed %d turn %d: %+v, the twin %+v", sc.ID, mode, seed, i+1, x, y)
					}
				}
				if x, y := annotated(a), annotated(b); !reflect.DeepEqual(x, y) {
					t.Errorf("%s %s seed %d: annotations %v, the twin %v", sc.ID, mode, seed, x, y)
				}
				ea, eb := ending(a), ending(b)
				ea.Metrics, eb.Metrics = withoutWords(ea.Metrics), withoutWords(eb.Metrics)
				if !reflect.DeepEqual(ea, eb) {
					t.Errorf("%s %s seed %d: ending %+v, the twin %+v", sc.ID, mode, seed, ea, eb)
				}
			}
			if differ == 0 {
				t.Errorf("%s %s: the twin says every turn word for word", sc.ID, mode)
			}
		}
	}
}
