package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// twoFamilies are craigslist runs (goal completion by rule) and judged
// free-form runs (goal completion by judge), SCRIPT and AGENTS on seeds
// 1-4 each: SCRIPT leaks 1 + seed in craigslist and 2 in free-form,
// AGENTS never.
func twoFamilies() []Episode {
	var eps []Episode
	for seed := int64(1); seed <= 4; seed++ {
		for _, mode := range []view.Mode{view.Script, view.Agents} {
			leaks := 0.0
			if mode == view.Script {
				leaks = float64(1 + seed)
			}
			eps = append(eps, Episode{Family: scenario.Craigslist, Mode: mode, Ended: true, Pair: PairKey("craigslist/gen-1", seed),
				Metrics: map[string]float64{metrics.GoalCompletion: float64(seed), metrics.Leaks: leaks, metrics.WordsPerTurn: 20}})
			if mode == view.Script {
				leaks = 2
			}
			eps = append(eps, Episode{Family: scenario.Sotopia, Mode: mode, Ended: true, Pair: PairKey("sotopia/x", seed),
				Metrics: map[string]float64{JudgeGoal: 5 + float64(seed)/2, metrics.Leaks: leaks, metrics.WordsPerTurn: 10}})
		}
	}
	return eps
}

// The headline pools every family per mode, each goal completion over
// the families that have it (named apart), and pairs the modes over all
// scenarios and seeds; the table prints it first and says what it pools.
func TestHeadlinePoolsLikeWithLike(t *testing.T) {
	eps := twoFamilies()
	r := Aggregate(eps)
	h := r.Headline
	if h == nil || len(h.Groups) != 2 || h.Groups[0].Mode != view.Script || h.Groups[0].Episodes != 8 {
		t.Fatalf("headline %+v, want SCRIPT and AGENTS over 8 episodes each", h)
	}
	if !slices.Equal(h.Families, []scenario.Family{scenario.Craigslist, scenario.Sotopia}) ||
		!slices.Equal(h.Pools[metrics.GoalCompletion], []scenario.Family{scenario.Craigslist}) ||
		!slices.Equal(h.Pools[JudgeGoal], []scenario.Family{scenario.Sotopia}) ||
		!slices.Equal(h.Pools[metrics.Leaks], h.Families) {
		t.Errorf("families %v, pools %v", h.Families, h.Pools)
	}
	script := h.Groups[0].Stats
	if s := script[metrics.GoalCompletion]; s.N != 4 || s.Mean != 2.5 {
		t.Errorf("SCRIPT goal completion (rule) %+v, want 2.5 over the 4 craigslist runs", s)
	}
	if s := script[JudgeGoal]; s.N != 4 || s.Mean != 6.25 {
		t.Errorf("SCRIPT goal completion (judge) %+v, want 6.25 over the 4 judged runs", s)
	}
	if s := script[metrics.Leaks]; s.N != 8 || s.Mean != 2.75 {
		t.Errorf("SCRIPT leaks %+v, want 2.75 over 8 runs", s)
	}
	if _, ok := script[metrics.Turns]; ok {
		t.Error("the headline holds a measure not every family has")
	}
	var leaks *Paired
	for i, p := range h.Paired {
		if p.Key == metrics.Leaks && p.First == view.Script && p.Second == view.Agents {
			leaks = &h.Paired[i]
		}
	}
	if leaks == nil || leaks.N != 8 || leaks.Mean != 2.75 {
		t.Errorf("pooled SCRIPT - AGENTS leaks %+v, want 2.75 over 8 pairs", leaks)
	}

	var b strings.Builder
	if err := r.WriteTable(&b, wide); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if !strings.HasPrefix(s, "headline, every family pooled (craigslist, sotopia)") {
		t.Errorf("the table does not start with the headline:\n%s", s)
	}
	first := s[:strings.Index(s, "\ncraigslist: episodes")]
	for _, want := range []string{goalRuleLabel, goalJudgeLabel, "SCRIPT - AGENTS", goalRuleLabel + " pools craigslist", goalJudgeLabel + " pools sotopia"} {
		if !strings.Contains(first, want) {
			t.Errorf("the headline lacks %q:\n%s", want, first)
		}
	}

	// A study's aggregator gives the same headline.
	a := NewStudyAggregator([]view.Mode{view.Script, view.Agents})
	for _, ep := range eps {
		a.Add(ep)
	}
	study := a.Report().Headline
	if len(study.Paired) != len(h.Paired) {
		t.Fatalf("a study's headline has %d differences, Aggregate's %d", len(study.Paired), len(h.Paired))
	}
	for i, p := range study.Paired {
		if q := h.Paired[i]; p.Key != q.Key || p.N != q.N || math.Abs(p.Mean-q.Mean) > 1e-12 {
			t.Errorf("study %+v, Aggregate %+v", p, q)
		}
	}
}

// Grouped by model, the headline has a group per model and mode, pooled
// over the families, and compares the models mode by mode; the families'
// groups are those of the same report without a headline.
func TestHeadlineFollowsTheGrouping(t *testing.T) {
	var eps []Episode
	for _, model := range []string{"openai:a", "openai:b"} {
		for _, ep := range twoFamilies() {
			ep.Model = model
			eps = append(eps, ep)
		}
	}
	r := groupedReport(t, eps, "model")
	h := r.Headline
	if len(h.Groups) != 4 || h.Groups[0].Model != "openai:a" || h.Groups[1].Mode != view.Agents || h.Groups[2].Model != "openai:b" {
		t.Fatalf("headline groups %+v", h.Groups)
	}
	across := 0
	for _, p := range h.Paired {
		if p.Across() {
			across++
		}
	}
	if across == 0 {
		t.Errorf("no difference between the models in the headline: %+v", h.Paired)
	}
	var b strings.Builder
	if err := r.WriteTable(&b, wide); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "headline, every family pooled (craigslist, sotopia): episodes by model, mode") {
		t.Errorf("table:\n%s", b.String())
	}
}

// No interval leaves its measure's range: a 0-10 score's stays within
// 0..10, a judge dimension's within its own, a relative position's
// within 0..1, a count's above 0, and a paired difference of a 0-10
// score within -10..10.
func TestIntervalsStayInTheirRange(t *testing.T) {
	var eps []Episode
	for seed, v := range []float64{10, 10, 9} {
		for _, mode := range []view.Mode{view.Script, view.Agents} {
			m := map[string]float64{metrics.GoalCompletion: v, JudgeGoal: v, metrics.JudgeKey("secret"): v - 10,
				metrics.FirstMentionPos: v / 10, metrics.Leaks: 10 - v}
			if mode == view.Agents {
				m[metrics.GoalCompletion] = 0
			}
			eps = append(eps, Episode{Family: scenario.Craigslist, Mode: mode, Ended: true, Pair: PairKey("c/1", int64(seed)), Metrics: m})
		}
	}
	r := Aggregate(eps)
	for _, g := range append(r.Headline.Groups, r.Groups...) {
		for key, s := range g.Stats {
			lo, hi := measure(key).Bounds()
			if s.Lo < lo || s.Hi > hi || s.Lo > s.Mean || s.Mean > s.Hi {
				t.Errorf("%s %s: %+v leaves %v..%v", g.Mode, key, s, lo, hi)
			}
		}
	}
	script := r.Groups[0].Stats
	if s := script[metrics.GoalCompletion]; s.Hi != 10 || s.Lo >= s.Mean {
		t.Errorf("SCRIPT goal completion %+v, want an interval cut at 10", s)
	}
	if s := script[metrics.Leaks]; s.Lo != 0 {
		t.Errorf("leaks %+v, want an interval cut at 0", s)
	}
	for _, p := range r.Paired {
		if p.Key == metrics.GoalCompletion && p.First == view.Script && p.Second == view.Agents && p.Hi != 10 {
			t.Errorf("SCRIPT - AGENTS goal completion %+v, want an interval cut at +10", p)
		}
	}
	var b strings.Builder
	if err := r.WriteTable(&b, wide); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "10.4") || strings.Contains(b.String(), "+11.") {
		t.Errorf("an interval past 10 in the table:\n%s", b.String())
	}
}
