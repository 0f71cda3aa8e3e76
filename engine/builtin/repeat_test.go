package builtin_test

import (
	"testing"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// No player says the same line twice: no turn of any episode repeats an
// earlier turn of that episode word for word, over all 900 episodes of
// each generated family (seeds 1..300 in every mode) and every free-form
// scenario.
func TestNoRepeatedLine(t *testing.T) {
	check := func(sc *scenario.Scenario, mode view.Mode, seed int64) {
		seen := map[string]int{}
		for _, ev := range builtintest.Turns(builtintest.Play(t, sc, mode, seed)) {
			text := ev.Action.Text
			if text == "" {
				continue
			}
			if at, ok := seen[text]; ok {
				t.Fatalf("%s %s seed %d: turn %d repeats turn %d: %q", sc.ID, mode, seed, ev.Turn, at, text)
			}
			seen[text] = ev.Turn
		}
	}
	for _, gen := range []func(int64) *scenario.Scenario{generate.Craigslist, generate.MutualFriends} {
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 300; seed++ {
				check(gen(seed), mode, seed)
			}
		}
	}
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 20; seed++ {
				check(sc, mode, seed)
			}
		}
	}
}
