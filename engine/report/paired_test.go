package report

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func TestPairedDifferencesMatchEpisodesBySeed(t *testing.T) {
	ep := func(mode view.Mode, seed int64, gc float64) Episode {
		return Episode{Family: scenario.Craigslist, Mode: mode, Ended: true, Pair: PairKey("craigslist/gen-1", seed),
			Metrics: map[string]float64{metrics.GoalCompletion: gc}}
	}
	eps := []Episode{
		// SCRIPT beats AGENTS by 2, 3 and 4 on seeds 1-3; seed 4 has no
		// AGENTS episode and an unpaired episode has no key.
		ep(view.Script, 1, 8), ep(view.Script, 2, 9), ep(view.Script, 3, 10), ep(view.Script, 4, 0),
		ep(view.Agents, 3, 6), ep(view.Agents, 1, 6), ep(view.Agents, 2, 6),
		{Family: scenario.Craigslist, Mode: view.Agents, Ended: true, Metrics: map[string]float64{metrics.GoalCompletion: 100}},
	}
	r := Aggregate(eps)
	var got *Paired
	for i, p := range r.Paired {
		if p.First == view.Script && p.Second == view.Agents && p.Key == metrics.GoalCompletion {
			got = &r.Paired[i]
		}
	}
	if got == nil {
		t.Fatalf("no SCRIPT - AGENTS goal completion in %+v", r.Paired)
	}
	// Differences 2, 3, 4: mean 3, s = 1, t(0.975, 2) = 4.303.
	half := 4.303 / math.Sqrt(3)
	if got.N != 3 || got.Mean != 3 || math.Abs(got.Lo-(3-half)) > 1e-9 || math.Abs(got.Hi-(3+half)) > 1e-9 {
		t.Errorf("paired = %+v", *got)
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "SCRIPT - AGENTS") || !strings.Contains(b.String(), "+3.00 [") {
		t.Errorf("table without the paired difference:\n%s", b.String())
	}
}
