package replay

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// Play implements episode.Player. It reads mode's recording as it goes and
// sends each event as recorded, with the run's id, its own sequence
// numbers and the time of the replay. Before each turn it waits on
// control (pause, step), and it holds each event back for its recorded
// gap at the set's speed. The run_ended event goes last, with the ending
// the footer holds. A recording that stops early ends as canceled, saying
// where it stops; a line that cannot be read ends it as failed, with an
// error event naming the file, line and field, and that error returned.
func (s *Set) Play(ctx context.Context, mode view.Mode, id string, control *run.Controller, out chan<- event.Event) (event.Ending, error) {
	p := &playback{speed: &s.speed, control: control, out: out, id: id, start: time.Now()}
	rec, ok := s.runs[mode]
	if !ok {
		return p.fail(fmt.Errorf("no %s recording to replay", mode))
	}
	st, err := rec.Stream()
	if err != nil {
		return p.fail(err)
	}
	defer st.Close()
	if leak.Stale(rec.Header) {
		// Annotated under older rules: today's annotations stand in
		// for the recorded ones, turn by turn.
		p.again = leak.NewAgain(rec.Header)
	}
	var ended *event.Event // the recorded run_ended, sent last
	for {
		ev, err := st.Next(ctx)
		switch {
		case err == io.EOF:
			return p.end(ended, st.Read()), nil
		case err != nil && ctx.Err() != nil:
			return p.canceled(), nil
		case err != nil:
			return p.fail(err)
		case ev.Kind == event.RunEnded:
			ended = &ev
		default:
			evs := []event.Event{ev}
			if p.again != nil {
				evs = p.again.Event(ev)
			}
			for _, ev := range evs {
				if err := p.send(ctx, ev); err != nil {
					return p.canceled(), nil
				}
			}
		}
	}
}

// playback is one recording being played.
type playback struct {
	speed   *speed
	control *run.Controller
	out     chan<- event.Event
	id      string
	start   time.Time
	seq     int
	at      time.Duration // the recorded time of the last event sent
	last    event.Kind    // the kind of the last event sent
	inTurn  bool          // a turn has started and not completed
	turns   int
	usage   *event.Usage
	again   *leak.Again // annotates a recording of older rules again
}

// send waits for the run's controller before a turn starts (a take-over
// or hand-back comes first), then for the event's recorded gap, and
// sends it.
func (p *playback) send(ctx context.Context, ev event.Event) error {
	if !p.inTurn && (ev.Kind == event.Control || ev.Kind == event.TurnStarted) {
		if err := p.control.AwaitTurn(ctx); err != nil {
			return err
		}
		p.inTurn = true
	}
	gap := max(ev.At-p.at, 0)
	p.at = max(ev.At, p.at)
	if err := wait(ctx, p.speed, p.control, gap, ev.Kind == event.Delta && p.last == event.Delta); err != nil {
		return err
	}
	switch ev.Kind {
	case event.TurnCompleted:
		p.inTurn = false
		p.turns++
	case event.UsageReported:
		if ev.Usage != nil {
			if p.usage == nil {
				p.usage = &event.Usage{}
			}
			p.usage.Add(*ev.Usage)
		}
	case event.Delta:
		if p.speed.get() <= 0 {
			// At a word pace the recorded pieces (a headless run's
			// whole turn) stream word by word, as a live run's would.
			return run.StreamWords(ctx, ev.Delta, p.control.Pace(), func(words string) {
				piece := ev
				piece.Delta = words
				p.emit(piece)
			})
		}
	}
	p.emit(ev)
	return nil
}

func (p *playback) emit(ev event.Event) {
	p.seq++
	ev.RunID, ev.Seq, ev.At = p.id, p.seq, time.Since(p.start)
	p.last = ev.Kind
	p.out <- ev
	p.control.Passed(ev)
}

// end sends the run's end: the recorded run_ended with the footer's
// ending, or, for a recording that stops early, an ending that says where.
func (p *playback) end(ended *event.Event, read *record.Recording) event.Ending {
	ev := event.Event{Kind: event.RunEnded, Seat: -1}
	if ended != nil {
		ev = *ended
	}
	switch {
	case read.Footer != nil && read.Footer.Ending != nil:
		ev.Ending = read.Footer.Ending
	case ev.Ending == nil:
		ev.Ending = p.ending(event.Canceled, read.EndNote())
	}
	if p.again != nil {
		ev.Ending = p.again.Ending(ev.Ending)
	}
	p.emit(ev)
	return *ev.Ending
}

// canceled ends a replay that was stopped.
func (p *playback) canceled() event.Ending {
	end := p.ending(event.Canceled, "replay stopped before the end")
	p.emit(event.Event{Kind: event.RunEnded, Seat: -1, Ending: end})
	return *end
}

// fail ends a replay at a recording that cannot be read on.
func (p *playback) fail(err error) (event.Ending, error) {
	kind, _ := event.KindOf(err)
	p.emit(event.Event{Kind: event.Error, Seat: -1, Error: err.Error(), Failure: kind})
	end := p.ending(event.Failed, "the recording cannot be read on")
	p.emit(event.Event{Kind: event.RunEnded, Seat: -1, Ending: end})
	return *end, err
}

// ending is an ending the recording does not hold, with the turns and
// tokens replayed so far.
func (p *playback) ending(reason event.EndReason, summary string) *event.Ending {
	return &event.Ending{Reason: reason, Turns: p.turns, Usage: p.usage, Outcome: event.Outcome{Summary: summary}}
}
