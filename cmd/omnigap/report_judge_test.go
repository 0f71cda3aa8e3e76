package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestReportOfJudgedSotopiaRuns: runs of imported Sotopia scenarios (a
// free-form one and a Craigslist one) scored by a judge on the loopback
// model server get a report that starts with the headline, names
// goal completion by rule and by judge apart (the free-form family has
// only the judge's), and has no interval outside its measure's range,
// though the judge's goal scores sit near 10 where an unclipped interval
// passes it.
func TestReportOfJudgedSotopiaRuns(t *testing.T) {
	sotopiaExport := sotopiaData(t)
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	var judged atomic.Int64
	srv.Respond = func(r *llmtest.Request) string {
		if !llmtest.Judging(r) {
			return llmtest.Default(r)
		}
		// A call per seat, seats of an episode in turn: the episodes of a
		// mode (every third) get 10, 9, 10, 10, 6, 10...
		goal := []int{10, 9, 10, 10, 6}[(judged.Add(1)-1)/2%5]
		return fmt.Sprintf(`{"believability": {"reasoning": "r", "score": 9}, "relationship": {"reasoning": "r", "score": 5},
			"knowledge": {"reasoning": "r", "score": 10}, "secret": {"reasoning": "r", "score": %d}, "social_rules": {"reasoning": "r", "score": 0},
			"financial_and_material_benefits": {"reasoning": "r", "score": 0}, "goal": {"reasoning": "r", "score": %d}}`, goal-10, goal)
	}
	dir := t.TempDir()
	args := append([]string{"run", "--scenario", "sotopia:" + sotopiaExport + "#lying_affair", "--scenario", "sotopia:" + sotopiaExport + "#craigslist_bargains_00008",
		"--episodes", "3", "--concurrency", "1", "--judge", "--out", filepath.Join(dir, "study")}, modelArgs(srv)...)
	if out, err := omnigap(t, args...); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	jsonPath := filepath.Join(dir, "report.json")
	out, err := omnigap(t, "report", filepath.Join(dir, "study"), "--json", jsonPath)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.HasPrefix(out, "headline, every family pooled (craigslist, sotopia)") {
		t.Errorf("the report does not start with the headline:\n%s", out)
	}
	headline, _, _ := strings.Cut(out, "\ncraigslist: episodes")
	// The judge scored both families; only craigslist has a rule.
	for _, want := range []string{"goal completion (rule,", "goal completion (judge,", "pools craigslist"} {
		if !strings.Contains(headline, want) {
			t.Errorf("the headline lacks %q:\n%s", want, headline)
		}
	}
	_, sotopia, _ := strings.Cut(out, "\nsotopia: episodes")
	sotopia, _, _ = strings.Cut(sotopia, "\n\n") // its table, not the bar charts after it
	if sotopia == "" || strings.Contains(sotopia, "(rule") || !strings.Contains(sotopia, "goal completion (judge,") {
		t.Errorf("the free-form table should have the judge's goal completion and no rule's:\n%s", sotopia)
	}

	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	ranges := map[string][2]float64{metrics.GoalCompletion: {0, 10}, report.JudgeGoal: {0, 10}, metrics.JudgeKey("secret"): {-10, 0},
		metrics.JudgeKey("knowledge"): {0, 10}, metrics.Leaks: {0, 1e9}, metrics.WordsPerTurn: {0, 1e9}, metrics.Deal: {0, 1}}
	nearTen := false
	for _, g := range append(r.Headline.Groups, r.Groups...) {
		for key, rg := range ranges {
			s, ok := g.Stats[key]
			if !ok {
				continue
			}
			if s.Lo < rg[0] || s.Hi > rg[1] {
				t.Errorf("%s %s %s: interval [%v, %v] leaves %v..%v", g.Family, g.Mode, key, s.Lo, s.Hi, rg[0], rg[1])
			}
			nearTen = nearTen || key == report.JudgeGoal && s.Hi == 10 && s.Lo < 10
		}
	}
	if !nearTen {
		t.Errorf("no judge's goal completion interval reaches 10: the test does not try the clipping:\n%s", out)
	}
	for _, p := range append(r.Headline.Paired, r.Paired...) {
		if (p.Key == metrics.GoalCompletion || p.Key == report.JudgeGoal) && (p.Lo < -10 || p.Hi > 10) {
			t.Errorf("paired %s %s - %s: [%v, %v] leaves -10..10", p.Key, p.First, p.Second, p.Lo, p.Hi)
		}
	}
}
