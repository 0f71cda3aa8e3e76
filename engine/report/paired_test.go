package report

import (
	"math"
	"reflect"
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
	if err := r.WriteTable(&b, TableWidth); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "SCRIPT - AGENTS") || !strings.Contains(b.String(), "+3.00 [") {
		t.Errorf("table without the paired difference:\n%s", b.String())
	}
}

// TestStudyAggregatorMatchesAggregateAndKeepsOnlyOpenPairs: a study's
// aggregator, given episodes in key order, gives the paired differences
// Aggregate gives to the last bit (a missing measure, an episode that did
// not end and a scenario missing modes included), while it
// keeps only the scenarios and seeds still missing a mode.
func TestStudyAggregatorMatchesAggregateAndKeepsOnlyOpenPairs(t *testing.T) {
	modes := []view.Mode{view.Script, view.Agents, view.Mindreaders}
	var eps []Episode
	for seed := int64(10); seed < 50; seed++ { // two digits: key order is seed order
		for i, m := range modes {
			ep := Episode{Family: scenario.Craigslist, Mode: m, Ended: seed != 17 || m != view.Agents, Pair: PairKey("craigslist/gen-1", seed),
				Metrics: map[string]float64{metrics.GoalCompletion: float64(seed%5) + float64(i)/3, metrics.WordsPerTurn: 7.1 * float64(seed%3+int64(i))}}
			if seed%4 == 0 {
				ep.Metrics[metrics.Deal] = float64((seed + int64(i)) % 2)
			}
			eps = append(eps, ep)
		}
	}
	a := NewStudyAggregator(modes)
	for i, ep := range eps {
		a.Add(ep)
		if len(a.pending) > 1 {
			t.Fatalf("after %d episodes %d scenarios and seeds kept, want at most 1", i+1, len(a.pending))
		}
	}
	if len(a.pending) != 0 {
		t.Errorf("%d scenarios and seeds kept after all their modes came in", len(a.pending))
	}
	if got, want := a.Report(), Aggregate(eps); !reflect.DeepEqual(got, want) {
		t.Errorf("study aggregator:\n%+v\nAggregate:\n%+v", got.Paired, want.Paired)
	}
	// A study stopped before the last scenario's AGENTS and MINDREADERS runs.
	cut := eps[:len(eps)-2]
	a = NewStudyAggregator(modes)
	for _, ep := range cut {
		a.Add(ep)
	}
	if got, want := a.Report(), Aggregate(cut); !reflect.DeepEqual(got, want) {
		t.Errorf("stopped study:\n%+v\nAggregate:\n%+v", got.Paired, want.Paired)
	}
}
