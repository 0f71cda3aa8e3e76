package interop

import (
	"context"
	"fmt"
	"maps"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Transcript is a dialogue recorded elsewhere (people's, or another
// tool's models'), played again through the runner and the annotator as a
// run of its mode, so that every source's episodes get the events,
// highlights, metrics and recordings of omnigap's own runs. It is an
// episode.Factory (and Orderer, Ender) for its mode only.
type Transcript struct {
	Scenario *scenario.Scenario
	Mode     view.Mode
	// Players name what made each seat's turns: a model's name, or
	// HumansBackend for people.
	Players [2]string
	// Turns are the turns in order, each by the seat that took it (a
	// seat may take two in a row).
	Turns []event.Turn
	// Ending, when set, is how the record says the dialogue ended: the
	// run ends after the last turn with it, whatever the referee or the
	// turn limit would say. Nil: after the turns both seats do nothing
	// and the referee ends the run.
	Ending *event.Ending
	// Metrics and Notes are figures the record carries (another judge's
	// scores and reasoning), added to the ending's after the annotator's.
	Metrics map[string]float64
	Notes   map[string]string
	// Source, when set, names where the transcript came from, for the
	// recording's header.
	Source *record.Source
}

// ReadWords gives the recorded ending the outcome the family's rule reads
// from the turns' words when they make none of its moves (a dialogue
// recorded in words only: family.ReadWords), after the ending's own
// summary; the outcome says no rule could read it for a family whose
// rules read moves only.
func (t *Transcript) ReadWords() {
	if t.Ending == nil {
		return
	}
	o := family.ReadWords(t.Scenario, run.FamilyTurns(t.Turns))
	if o == nil {
		return
	}
	if o.Summary != "" && t.Ending.Outcome.Summary != "" {
		o.Summary = t.Ending.Outcome.Summary + "; " + o.Summary
	} else if o.Summary == "" {
		o.Summary = t.Ending.Outcome.Summary
	}
	t.Ending.Outcome = *o
}

// HumansBackend is the backend name of people's turns.
const HumansBackend = "humans"

// Order implements episode.Orderer: each turn goes to the seat that took
// it; after the transcript, the seats alternate.
func (t *Transcript) Order(view.Mode) run.Order {
	seats := make([]int, len(t.Turns))
	for i, turn := range t.Turns {
		seats[i] = turn.Seat
	}
	return run.Then(seats, run.Alternate)
}

// Ends implements episode.Ender: with a recorded Ending, the run ends
// after the last recorded turn with it.
func (t *Transcript) Ends(view.Mode) func([]event.Turn) *event.Ending {
	if t.Ending == nil {
		return nil
	}
	return func(history []event.Turn) *event.Ending {
		if len(history) < len(t.Turns) {
			return nil
		}
		end := *t.Ending
		return &end
	}
}

// Backends implements episode.Factory: both seats repeat the recorded
// turns, in the transcript's mode only. Once the transcript is over, a
// seat's turns are empty: nothing is said that the record does not say.
func (t *Transcript) Backends(_ *scenario.Scenario, mode view.Mode, _ int64) ([2]run.Backend, error) {
	if mode != t.Mode {
		return [2]run.Backend{}, fmt.Errorf("a transcript plays its %s run only (asked for %s)", t.Mode, mode)
	}
	return [2]run.Backend{&tape{t, 0}, &tape{t, 1}}, nil
}

// Annotate wraps annotate so that the run's ending gets the record's own
// Metrics and Notes after the annotator's.
func (t *Transcript) Annotate(annotate func(*scenario.Scenario, view.Mode) run.Annotator) func(*scenario.Scenario, view.Mode) run.Annotator {
	if len(t.Metrics) == 0 && len(t.Notes) == 0 {
		return annotate
	}
	return func(sc *scenario.Scenario, mode view.Mode) run.Annotator {
		return withFigures{annotate(sc, mode), t}
	}
}

type withFigures struct {
	run.Annotator
	t *Transcript
}

func (w withFigures) Finish(ctx context.Context, history []event.Turn, end *event.Ending) []event.Usage {
	usage := w.Annotator.Finish(ctx, history, end)
	if end.Metrics == nil {
		end.Metrics = map[string]float64{}
	}
	maps.Copy(end.Metrics, w.t.Metrics)
	if len(w.t.Notes) > 0 {
		if end.Notes == nil {
			end.Notes = map[string]string{}
		}
		maps.Copy(end.Notes, w.t.Notes)
	}
	return usage
}

type tape struct {
	t    *Transcript
	seat int
}

func (p *tape) Name() string { return p.t.Players[p.seat] }

func (p *tape) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	if err := ctx.Err(); err != nil {
		return run.Result{}, err
	}
	i := req.Turn - 1
	if i < 0 || i >= len(p.t.Turns) {
		return run.Result{Action: event.Action{Type: event.None}}, nil
	}
	if seat := p.t.Turns[i].Seat; seat != req.Seat {
		return run.Result{}, fmt.Errorf("turn %d was taken by seat %d, not %d", req.Turn, seat, req.Seat)
	}
	a := p.t.Turns[i].Action
	if a.Text != "" && req.Stream != nil {
		if err := req.Stream(ctx, a.Text); err != nil {
			return run.Result{}, err
		}
	}
	return run.Result{Action: a}, nil
}

// Play runs the transcript through the runner and annotate, and returns
// its turns, ending (with metrics) and how many error events it had.
func (t *Transcript) Play(ctx context.Context, id string, annotate func(*scenario.Scenario, view.Mode) run.Annotator) ([]event.Turn, event.Ending, int) {
	backends, _ := t.Backends(t.Scenario, t.Mode, 0)
	out := make(chan event.Event, 64)
	done := make(chan struct{})
	var history []event.Turn
	errors := 0
	go func() {
		defer close(done)
		for ev := range out {
			switch {
			case ev.Kind == event.TurnCompleted && ev.Action != nil:
				history = append(history, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
			case ev.Kind == event.Error:
				errors++
			}
		}
	}()
	end := run.Run(ctx, run.Config{ID: id, Scenario: t.Scenario, Mode: t.Mode, Backends: backends,
		Order: t.Order(t.Mode), Ends: t.Ends(t.Mode), MaxUtterance: -1, Annotator: t.Annotate(annotate)(t.Scenario, t.Mode)}, out)
	close(out)
	<-done
	return history, end, errors
}

// WriteRecording plays the transcript as a recorded run (seed names it, as
// episode.ID does) into dir and returns the recording's path. The run is
// played whole even when ctx ends meanwhile, so that no recording is left
// cut short: callers check ctx between transcripts.
func (t *Transcript) WriteRecording(ctx context.Context, dir string, seed int64, annotate func(*scenario.Scenario, view.Mode) run.Annotator) (string, error) {
	live, err := episode.Start(context.WithoutCancel(ctx), episode.Spec{Scenario: t.Scenario, Mode: t.Mode, Seed: seed, Factory: t,
		Annotate: t.Annotate(annotate), RecordDir: dir, Buffer: 64, MaxUtterance: -1, Source: t.Source})
	if err != nil {
		return "", err
	}
	for range live.Events {
	}
	_, err = live.Wait()
	return live.Recording, err
}
