package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// The scores panel (e) shows each seat's scores: a judged run's judge
// scores with their reasoning, and for a replayed recording people rated
// each rater's score with their reason beside them; with nothing scored
// the key says why it does nothing.
func TestScoresPanelSetsPeopleBesideTheJudge(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Agents}, 120, 40)
	m.Update(press("e"))
	if !strings.Contains(m.notice, "no scores") {
		t.Errorf("e with nothing scored: notice %q", m.notice)
	}
	feedTurns(m, 4)
	p := m.panes[0]
	end := &event.Ending{Reason: event.TurnLimit, Metrics: map[string]float64{}, Notes: map[string]string{}}
	for seat := range 2 {
		for _, d := range metrics.JudgeDimensions {
			end.Metrics[metrics.JudgeSeatKey(seat, d.Key)] = d.Max
			end.Notes[metrics.JudgeSeatKey(seat, d.Key)] = "judged on the whole talk"
		}
	}
	m.Update(runBatch(p.RunID(), []event.Event{{Kind: event.RunEnded, RunID: p.RunID(), Ending: end}}))
	m.Update(press("e"))
	text := ansi.Strip(strings.Join(m.stack.Body().Component.Render(120, 200), "\n"))
	for _, want := range []string{"judged on the whole talk", "believability (0..10)", "seat 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the panel lacks %q:\n%s", want, text)
		}
	}

	// A replayed recording that people rated, by its run id.
	path := filepath.Join(t.TempDir(), "people.jsonl")
	os.WriteFile(path, []byte(`{"episode": "run-x", "seat": 0, "rater": "rater-07", "dimension": "goal", "score": 3, "reason": "gave up halfway"}`), 0o644)
	rs, err := people.Read(context.Background(), []string{path})
	if err != nil {
		t.Fatal(err)
	}
	st := people.NewStudy(rs)
	rec := &record.Recording{Path: "x.jsonl", Header: record.Header{RunID: "run-x", Scenario: tuitest.Scenario(), Mode: view.Agents}, Footer: &record.Footer{Ending: end}}
	rec.Events = []event.Event{{Kind: event.RunEnded, Seat: -1, Ending: end}}
	st.Add(rec)
	m.session.opts.Rated, m.session.opts.Sources = st, map[view.Mode]string{view.Agents: "x.jsonl"}
	m.Update(press("esc"))
	m.Update(press("e"))
	text = ansi.Strip(strings.Join(m.stack.Body().Component.Render(120, 200), "\n"))
	for _, want := range []string{"rater-07", "gave up halfway", "judged on the whole talk"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rated replay's panel lacks %q:\n%s", want, text)
		}
	}
}
