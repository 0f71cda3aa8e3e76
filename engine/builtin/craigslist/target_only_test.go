package craigslist

import (
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// targetOnlySeeds is how many seeds each imported bargain plays.
const targetOnlySeeds = 6

// TestTargetOnlySensitivity is the sensitivity of target-only bargaining
// (docs/METRICS.md): how far a side meets its partner is drawn within
// bounds, and the study's order, SCRIPT above MINDREADERS above AGENTS, must
// hold over Sotopia's 50 Craigslist combos × 6 seeds for every plausible
// range of it, not only the built-in one. go test -run
// TestTargetOnlySensitivity -v ./engine/builtin/craigslist/ prints the table.
func TestTargetOnlySensitivity(t *testing.T) {
	d, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	var bargains []*scenario.Scenario
	for _, im := range d.Import(sotopia.Filter{}).Scenarios {
		if im.Scenario.Family == scenario.Craigslist {
			bargains = append(bargains, im.Scenario)
		}
	}
	t.Logf("%-10s %7s %12s %7s", "give", "SCRIPT", "MINDREADERS", "AGENTS")
	for _, give := range [][2]float64{{0.3, 0.7}, {0.2, 0.6}, {0.4, 0.8}, {0.25, 0.75}, {0.35, 0.65}} {
		s := talk.DefaultSettings
		s.GiveLo, s.GiveHi = give[0], give[1]
		rates := map[view.Mode]float64{}
		for _, m := range view.Modes {
			deals := 0
			for _, sc := range bargains {
				for seed := int64(1); seed <= targetOnlySeeds; seed++ {
					if dealUnder(t, sc, m, seed, s) {
						deals++
					}
				}
			}
			rates[m] = float64(deals) / float64(len(bargains)*targetOnlySeeds)
		}
		t.Logf("%.2f-%.2f  %7.2f %12.2f %7.2f", give[0], give[1], rates[view.Script], rates[view.Mindreaders], rates[view.Agents])
		if !(rates[view.Script] > rates[view.Mindreaders] && rates[view.Mindreaders] > rates[view.Agents]) {
			t.Errorf("give %v: deal rates %v, not SCRIPT > MINDREADERS > AGENTS", give, rates)
		}
	}
}

// dealUnder plays one episode under settings s and reports whether it
// ended in a deal.
func dealUnder(t *testing.T, sc *scenario.Scenario, mode view.Mode, seed int64, s talk.Settings) bool {
	b, err := builtin.Backends(players(s), sc, mode, seed)
	if err != nil {
		t.Fatal(err)
	}
	return builtintest.Ending(builtintest.Run(sc, mode, b)).Outcome.Good()
}
