package cocoa

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// TestBuiltinOnImportedDeals plays the built-in negotiator on the first
// 300 scenarios of the val transcripts, one episode per scenario and
// mode: with both value tables (SCRIPT, MINDREADERS) it agrees, and on
// Pareto-optimal splits, more often than AGENTS.
func TestBuiltinOnImportedDeals(t *testing.T) {
	ts, _, err := Transcripts(cocoaFile(t, "dealornodeal-val.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := min(300, len(ts))
	agreed, pareto := map[view.Mode]float64{}, map[view.Mode]float64{}
	for _, tr := range ts[:n] {
		for _, mode := range view.Modes {
			backends, err := builtin.Factory{}.Backends(tr.Scenario, mode, 1)
			if err != nil {
				t.Fatal(err)
			}
			out := make(chan event.Event, 64)
			go func() {
				for range out {
				}
			}()
			end := run.Run(context.Background(), run.Config{ID: "t", Scenario: tr.Scenario, Mode: mode, Backends: backends, Annotator: leak.Annotate(tr.Scenario, mode)}, out)
			close(out)
			if end.Reason == event.Failed || end.Reason == event.EmptyTurns {
				t.Fatalf("%s %s: ended %s", tr.Scenario.ID, mode, end.Reason)
			}
			agreed[mode] += end.Metrics[dealornodeal.Agreement] / float64(n)
			pareto[mode] += end.Metrics[dealornodeal.Pareto] / float64(n)
		}
	}
	for _, mode := range view.Modes {
		t.Logf("%-12s agreement %.2f, Pareto-optimal agreements %.2f of episodes (%d)", mode, agreed[mode], pareto[mode], n)
	}
	for _, mode := range []view.Mode{view.Script, view.Mindreaders} {
		if agreed[mode] <= agreed[view.Agents] || pareto[mode] <= pareto[view.Agents] {
			t.Errorf("%s: agreement %.2f and Pareto %.2f do not beat AGENTS' %.2f and %.2f", mode, agreed[mode], pareto[mode], agreed[view.Agents], pareto[view.Agents])
		}
	}
}
