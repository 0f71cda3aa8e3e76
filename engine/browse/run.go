package browse

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Run is one recording, or one dialogue of a cocoa transcript file, as
// the list knows it: its header and how it ended.
type Run struct {
	// Path is the recording, or FILE#UUID for a transcript's dialogue.
	Path string
	// Problem says why the run cannot be listed, naming the file, line
	// and field ("" when it can); the other fields are then empty.
	Problem string
	RunID   string
	// Scenario is the scenario's id, Title its title.
	Scenario, Title string
	Family          scenario.Family
	// Mode is the mode it was recorded in (its pane in a replay), Column
	// the report's column of it: PEOPLE for an AGENTS run a person played.
	Mode, Column view.Mode
	Seed         int64
	// Players names what played the seats (report.Players).
	Players string
	// Source names the episode an imported run came from
	// (origin.SourceOf); nil for runs omnigap played.
	Source *record.Source
	// Stale says the run was annotated under older rules than today's:
	// its counts are as recorded, and a replay annotates it again.
	Stale bool
	// Ended says the run's end is recorded; Reason and Outcome (the
	// outcome's summary) say how it ended.
	Ended   bool
	Reason  event.EndReason
	Outcome string
	// Figures are the ending's figures as the report reads them
	// (report.Figures), the ones the columns show; NotMeasured says, by
	// metric, why the run has no figure of it (report.Unmeasured).
	Figures     map[string]float64
	NotMeasured map[string]string
	// Dialogue is a transcript's dialogue, to play again when opened
	// (nil for a recording).
	Dialogue *interop.Transcript

	// texts are the turns' text once LoadTexts has read them.
	texts atomic.Pointer[turnTexts]
}

// kept are the figures a run keeps: what the columns show.
var kept = func() []string {
	out := append([]string{metrics.Turns, metrics.Deal}, GoalMeasures...)
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, k.Metric)
		}
	}
	return out
}()

// glanceRun is a recording's run from its first and last lines.
func glanceRun(path string) *Run {
	g, err := record.GlanceAt(path)
	if err != nil {
		return unreadable(path, err)
	}
	h := g.Header
	r := &Run{Path: path, RunID: textsafe.Line(h.RunID), Scenario: textsafe.Line(g.Scenario.ID), Title: textsafe.Line(g.Scenario.Title),
		Family: scenario.Family(textsafe.Line(string(g.Scenario.Family))), Mode: h.Mode, Column: report.Column(h), Seed: h.Seed, Players: textsafe.Line(report.Players(h)),
		Stale: leak.Stale(h)}
	r.Source = origin.SourceOf(&record.Recording{Header: h, Footer: &record.Footer{Ending: g.Ending}})
	if g.Ending != nil {
		r.setEnding(*g.Ending)
	}
	return r
}

// dialogues are a cocoa transcript file's dialogues, each played as a
// HUMANS run through the annotator as report plays them; a dialogue that
// cannot be read is a run that says why.
func dialogues(ctx context.Context, path string) []*Run {
	var out []*Run
	err := cocoa.EachTranscript(ctx, path, func(t *cocoa.Transcript) error {
		history, end, _ := t.Play(ctx)
		sc := t.Scenario
		r := &Run{Path: path + "#" + t.UUID, RunID: textsafe.Line("humans-" + t.UUID), Scenario: sc.ID, Title: textsafe.Line(sc.Title),
			Family: sc.Family, Mode: t.Mode, Column: t.Mode, Players: interop.HumansBackend,
			Source:   &record.Source{Format: "cocoa/transcript", File: textsafe.Line(path), Episode: textsafe.Line(t.UUID)},
			Dialogue: &t.Transcript}
		r.setEnding(end)
		r.texts.Store(textsOf(history))
		out = append(out, r)
		return nil
	}, func(p interop.Problem) {
		out = append(out, &Run{Path: path, Problem: textsafe.Line(p.Error())})
	})
	if err != nil && ctx.Err() == nil {
		out = append(out, unreadable(path, err))
	}
	return out
}

func unreadable(path string, err error) *Run {
	return &Run{Path: path, Problem: textsafe.Line(err.Error()), Title: textsafe.Line(filepath.Base(path))}
}

// setEnding keeps of the ending what the columns show.
func (r *Run) setEnding(end event.Ending) {
	r.Ended, r.Reason, r.Outcome = true, event.EndReason(textsafe.Line(string(end.Reason))), textsafe.Line(end.Outcome.Summary)
	all := end.Metrics
	for k := range end.Metrics {
		if strings.HasPrefix(k, metrics.JudgeKey("")) || strings.HasPrefix(k, metrics.ImportedJudgeKey("")) {
			// A judge's goal is its seats' mean, as the report has it.
			all = report.Figures(end)
			break
		}
	}
	r.Figures = make(map[string]float64, len(kept))
	for _, k := range kept {
		if v, ok := all[k]; ok {
			r.Figures[k] = v
		}
	}
	r.NotMeasured = report.Unmeasured(end)
	for k, why := range r.NotMeasured {
		r.NotMeasured[k] = textsafe.Line(why)
	}
}

// Figure is r's figure of metric, or why it has none.
func (r *Run) Figure(metric string) Figure {
	if v, ok := r.Figures[metric]; ok {
		return Figure{Value: v, OK: true}
	}
	switch why := r.NotMeasured[metric]; {
	case r.Problem != "":
		return Figure{Why: "unreadable: " + r.Problem}
	case !r.Ended:
		return Figure{Why: "the run did not end: its recording stops before"}
	case why != "":
		return Figure{Why: "not measured: " + why}
	}
	return Figure{Why: "not measured in this run"}
}

// Figure is a number a column shows, or why there is none: a figure not
// measured is blank with its reason, never 0.
type Figure struct {
	Value float64
	OK    bool
	Why   string
}
