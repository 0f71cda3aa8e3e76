package report

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// AGENTS runs in which a person held a seat from the start are the
// PEOPLE column, beside the agents' own AGENTS runs, and are not paired
// with them; a disconnected game is counted but not completed.
func TestPeoplesGamesHaveAColumnOfTheirOwn(t *testing.T) {
	sc := &scenario.Scenario{ID: "craigslist/x", Family: scenario.Craigslist, MaxTurns: 10}
	rec := func(backends [2]string, reason event.EndReason) *record.Recording {
		end := &event.Ending{Reason: reason, Turns: 4, Metrics: map[string]float64{metrics.Deal: 1, metrics.Turns: 4}}
		return &record.Recording{Path: backends[1], Header: record.Header{Scenario: sc, Mode: view.Agents, Backends: backends, Seed: 1, Rules: event.AnnotationRules},
			Events: []event.Event{{Kind: event.RunEnded, Seat: -1, Ending: end}}, Footer: &record.Footer{Ending: end}}
	}
	var a Aggregator
	a.Add(FromRecording(rec([2]string{"builtin", "builtin"}, event.Accepted)))
	a.Add(FromRecording(rec([2]string{"builtin", "human"}, event.Accepted)))
	a.Add(FromRecording(rec([2]string{"builtin", "human"}, event.Disconnected)))
	r := a.Report()
	if len(r.Groups) != 2 || r.Groups[0].Mode != view.Agents || r.Groups[1].Mode != view.People {
		t.Fatalf("groups %+v, want AGENTS then PEOPLE", r.Groups)
	}
	if g := r.Groups[1]; g.Episodes != 2 || g.Ended != 2 || g.Completed != 1 {
		t.Errorf("PEOPLE: %d games, %d ended, %d completed; want 2, 2, 1 (the disconnected one is cut short)", g.Episodes, g.Ended, g.Completed)
	}
	if g := r.Groups[0]; g.Episodes != 1 {
		t.Errorf("AGENTS counts %d runs, want the agents' one", g.Episodes)
	}
	if len(r.Paired) != 0 {
		t.Errorf("people's games were paired: %+v", r.Paired)
	}
	if view.People.Label() != "PEOPLE" {
		t.Errorf("label %q", view.People.Label())
	}
}
