package builtin_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// maxScenariosPerSentence is how many built-in scenarios may say one
// sentence, word for word, at one seed: more, and a viewer flicking
// between scenarios hears stock lines rather than people.
const maxScenariosPerSentence = 3

// No sentence, as spoken (names, items and prices filled in), is said in
// the dialogues of more than three built-in scenarios at one seed, over
// every mode.
func TestNoStockSentenceAcrossScenarios(t *testing.T) {
	all, err := library.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 10 {
		t.Fatalf("only %d built-in scenarios", len(all))
	}
	for _, seed := range []int64{1, 2} {
		where := map[string][]string{} // sentence -> scenarios that said it
		for _, sc := range all {
			for _, mode := range view.Modes {
				for _, ev := range builtintest.Turns(builtintest.Play(t, sc, mode, seed)) {
					for _, s := range talk.Sentences(ev.Action.Text) {
						if !slices.Contains(where[s.Text], sc.ID) {
							where[s.Text] = append(where[s.Text], sc.ID)
						}
					}
				}
			}
		}
		var stock []string
		for s, ids := range where {
			if len(ids) > maxScenariosPerSentence {
				stock = append(stock, fmt.Sprintf("%q in %d: %s", s, len(ids), strings.Join(ids, ", ")))
			}
		}
		slices.Sort(stock)
		for _, s := range stock {
			t.Errorf("seed %d: %s", seed, s)
		}
	}
}
