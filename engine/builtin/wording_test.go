package builtin_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// Two scenarios that differ only in their id, played with one seed, say
// other words but make the same moves: every turn's action (prices
// included), every annotation and the ending's figures but words are the
// same. The wording dice know the scenario; the decisions' dice do not.
func TestScenarioVariesWordingNotDecisions(t *testing.T) {
	for _, sc := range append(builtintest.Library(t, scenario.Craigslist), builtintest.Library(t, scenario.Sotopia)...) {
		twin := *sc
		twin.ID = sc.ID + "-twin"
		for _, mode := range view.Modes {
			differ := 0
			for seed := int64(1); seed <= 5; seed++ {
				a, b := builtintest.Play(t, sc, mode, seed), builtintest.Play(t, &twin, mode, seed)
				ta, tb := builtintest.Turns(a), builtintest.Turns(b)
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
				ea, eb := builtintest.Ending(a), builtintest.Ending(b)
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

// annotated lists an episode's annotations as turn, seat, kind and fact.
func annotated(events []event.Event) []string {
	var out []string
	for _, ev := range events {
		if ev.Kind == event.Annotated {
			out = append(out, strings.Join([]string{string(rune('0' + ev.Seat)), string(ev.Annotation.Kind), ev.Annotation.FactID}, " ")+" @"+string(rune('0'+ev.Turn)))
		}
	}
	return out
}

// withoutWords drops the word counts, which wording may change.
func withoutWords(m map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		if !strings.Contains(k, "word") {
			out[k] = v
		}
	}
	return out
}
