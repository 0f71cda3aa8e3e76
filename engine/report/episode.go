// Package report aggregates episodes by scenario family and mode: means
// with 95% confidence intervals, a text table, terminal bar charts, and
// JSON, CSV and SVG exports. Headless runs (summary.json) and
// `omnigap report` both aggregate here.
package report

import (
	"context"
	"slices"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Episode is one run as the report sees it.
type Episode struct {
	Source string // a recording's path, or a run's id
	Family scenario.Family
	Mode   view.Mode
	// Ended says whether the run reached its end (a torn recording
	// without a run-ended event has no outcome and no metrics).
	Ended bool
	// Completed says the run ended by its rules, without errors, and was
	// not cut short (CutShort).
	Completed bool
	Metrics   map[string]float64
	// NotMeasured says, by metric, why the episode has no figure of it
	// where its rule had nothing to read (metrics.NotMeasuredKey).
	NotMeasured map[string]string
	// Failures counts the run's error events and failed judge calls per kind.
	Failures map[event.FailureKind]int
	// Retries counts the run's model calls sent again, by kind.
	Retries map[string]int
	// Cache counts the run's model calls a reply cache answered and sent
	// on (zero without one).
	Cache event.CacheUse
	// Pair names the scenario and seed (PairKey), for paired differences
	// between modes; empty when unknown.
	Pair string
	// Scenario is the scenario's id, Model what played the seats (the
	// backends' names) and Study the study the episode belongs to (set
	// by whoever reads it from a study's folder): the dimensions besides
	// family and mode that a report can group by (Dim).
	Scenario, Model, Study string
	// Seats are what played each seat (a recording's backends), for a
	// report grouped by model (byPairing); empty when unknown.
	Seats [2]string
	// Prompt names the SCRIPT writer's instruction of a model run
	// (record.Header.WriterPrompt); "" without a model.
	Prompt string
	// Agreement compares the rules and the model's leak check, per kind,
	// in a recording the model checked.
	Agreement []Agreement
}

// FromRun makes an episode from a finished run. When the ending carries
// no metrics (the run had no annotator) they are computed here, with the
// same annotator a live run uses.
func FromRun(source string, sc *scenario.Scenario, mode view.Mode, history []event.Turn, end event.Ending, errors int) Episode {
	ep := Episode{Source: source, Family: sc.Family, Mode: mode, Ended: true, Scenario: sc.ID,
		Completed: errors == 0 && !CutShort(end) && end.Reason != event.Failed}
	if end.Metrics == nil {
		leak.New(sc, mode).Finish(context.Background(), history, &end)
	}
	ep.Metrics = Figures(end)
	ep.NotMeasured = Unmeasured(end)
	ep.Retries = end.Retries
	if end.Cache != nil {
		ep.Cache = *end.Cache
	}
	ep.AddFailures(judgeFailure(end))
	return ep
}

// FromRecording makes an episode from a recording read back. A recording
// of older annotation rules is annotated again first (leak.Reannotate).
// An AGENTS run in which a person held a seat counts in the PEOPLE column
// (Column).
func FromRecording(rec *record.Recording) Episode {
	leak.Reannotate(rec)
	sc := rec.Header.Scenario
	mode := Column(rec.Header)
	var history []event.Turn
	errors := 0
	failures := map[event.FailureKind]int{}
	for _, ev := range rec.Events {
		switch ev.Kind {
		case event.TurnCompleted:
			if ev.Action != nil {
				history = append(history, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend,
					Person: rec.Header.Person, Action: *ev.Action})
			}
		case event.Error:
			if ev.Failure != event.CheckFailure { // the run went on without the check
				errors++
			}
			kind := ev.Failure
			if kind == "" {
				kind = event.OtherFailure
			}
			failures[kind]++
		}
	}
	end := rec.Ending()
	if end == nil {
		ep := Episode{Source: rec.Path, Family: sc.Family, Mode: mode, Scenario: sc.ID, Model: Players(rec.Header),
			Seats: rec.Header.Backends, Prompt: rec.Header.WriterPrompt()}
		ep.AddFailures(failures)
		return ep
	}
	ep := FromRun(rec.Path, sc, rec.Header.Mode, history, *end, errors)
	ep.Mode = mode
	ep.Model, ep.Seats = Players(rec.Header), rec.Header.Backends
	ep.Prompt = rec.Header.WriterPrompt()
	ep.AddFailures(failures)
	ep.Pair = PairKey(sc.ID, rec.Header.Seed)
	ep.Agreement = AgreementOf(sc, rec.Header.Mode, history, rec.Events, end)
	return ep
}

// Players names what played a recorded run's seats: the one backend of
// both (the SCRIPT writer, or one model for both agents), or both.
func Players(h record.Header) string {
	if h.Backends[0] == h.Backends[1] {
		return h.Backends[0]
	}
	return h.Backends[0] + " vs " + h.Backends[1]
}

// Column is the report column of a recorded run: its mode, or PEOPLE for
// an AGENTS run whose header names a person (the human backend) in a seat.
func Column(h record.Header) view.Mode {
	if h.Mode == view.Agents && slices.Contains(h.Backends[:], human.Name) {
		return view.People
	}
	return h.Mode
}
