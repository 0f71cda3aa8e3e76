package run

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Config describes one run.
type Config struct {
	ID       string
	Scenario *scenario.Scenario
	Mode     view.Mode
	// Backends play seat 0 and seat 1; in SCRIPT both are the writer.
	Backends  [2]Backend
	Control   *Controller
	Annotator Annotator // optional
	// Order says who speaks each turn; nil is Alternate.
	Order Order
	// MaxUtterance caps a turn's text in characters, the cut marked:
	// 0 is DefaultMaxUtterance, a negative value no cap.
	MaxUtterance int
	// Person is what a person who plays a seat of this run is shown; each
	// turn carries it to the annotator.
	Person event.Person
	// Ends, when set, alone says after each turn whether the run is over
	// and how, in place of the referee and the turn limit: a recorded
	// episode played again ends where and as it was recorded to.
	Ends func(history []event.Turn) *event.Ending
}

// Run plays the episode, sending every event to out, and returns how it
// ended. It sends nothing after returning and never closes out. Cancelling
// ctx ends the run with reason canceled.
func Run(ctx context.Context, cfg Config, out chan<- event.Event) event.Ending {
	r := &runner{cfg: cfg, out: out, start: time.Now(), ref: newReferee(cfg.Scenario)}
	if r.cfg.Control == nil {
		r.cfg.Control = NewController(0)
	}
	if r.cfg.Order == nil {
		r.cfg.Order = Alternate
	}
	return r.play(ctx)
}

type runner struct {
	cfg   Config
	out   chan<- event.Event
	start time.Time
	// mu orders the events of the run's goroutine and of a late
	// annotator's (emit).
	mu      sync.Mutex
	seq     int
	ref     *referee
	history []event.Turn
	taken   [2]bool
	usage   *event.Usage // the run's token totals, once a call reports any
}

func (r *runner) emit(ev event.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	ev.RunID, ev.Seq, ev.At = r.cfg.ID, r.seq, time.Since(r.start)
	r.out <- ev
	r.cfg.Control.Passed(ev)
}

// late sends what a late annotator found of an earlier turn, stamped
// with that turn.
func (r *runner) late(l Late) {
	ev := event.Event{Turn: l.Turn.Number, Seat: l.Turn.Seat, Speaker: l.Turn.Speaker, Backend: l.Turn.Backend}
	switch {
	case l.Annotation != nil:
		ev.Kind, ev.Annotation = event.Annotated, l.Annotation
	case l.Err != nil:
		ev.Kind, ev.Error = event.Error, l.Err.Error()
		ev.Failure, ev.Reply = event.KindOf(l.Err)
	default:
		return
	}
	r.emit(ev)
}

func (r *runner) play(ctx context.Context) event.Ending {
	sc := r.cfg.Scenario
	// Room for the turns up front: growing by doubling allocates about
	// three times the history of a whole episode.
	r.history = make([]event.Turn, 0, min(sc.MaxTurns, 64))
	r.emit(event.Event{Kind: event.RunStarted, Seat: -1})
	if la, ok := r.cfg.Annotator.(LateAnnotator); ok {
		la.Start(ctx, r.late)
	}
	var end *event.Ending
	for n := 1; end == nil; n++ {
		if n > sc.MaxTurns && r.cfg.Ends == nil {
			end = r.ref.timeUp()
			break
		}
		if err := r.cfg.Control.AwaitTurn(ctx); err != nil {
			end = r.canceled(ctx)
			break
		}
		t, err := r.turn(ctx, n)
		if err != nil && ctx.Err() != nil {
			end = r.canceled(ctx)
			break
		}
		if r.cfg.Ends != nil {
			end = r.cfg.Ends(r.history)
		} else {
			end = r.ref.judge(t)
		}
	}
	end.Turns = len(r.history)
	if a := r.cfg.Annotator; a != nil {
		r.finish(ctx, a, end)
	}
	end.Usage = r.usage
	r.emit(event.Event{Kind: event.RunEnded, Seat: -1, Ending: end})
	return *end
}

// canceled is the ending of a stopped run: its reason is the one the
// context's cause names (Stop), else canceled.
func (r *runner) canceled(ctx context.Context) *event.Ending {
	reason := event.Canceled
	var stop Stop
	if errors.As(context.Cause(ctx), &stop) {
		reason = event.EndReason(stop)
	}
	summary := "stopped before the end"
	if reason != event.Canceled {
		summary += " (" + string(reason) + ")"
	}
	return &event.Ending{Reason: reason, Outcome: r.ref.noDeal(summary)}
}

// backendFor returns who plays seat now, emitting a control event when a
// seat changes hands. For a taken-over seat it also returns a channel that
// is closed when the seat changes hands again.
func (r *runner) backendFor(seat int) (Backend, <-chan struct{}) {
	b, handed := r.cfg.Control.override(seat)
	taken := b != nil
	if taken != r.taken[seat] {
		r.taken[seat] = taken
		ev := event.Event{Kind: event.Control, Seat: seat, Speaker: r.name(seat), Control: "hand-back"}
		if taken {
			ev.Control, ev.Backend = "take-over", b.Name()
		} else {
			ev.Backend = r.cfg.Backends[seat].Name()
		}
		r.emit(ev)
	}
	if taken {
		return b, handed
	}
	return r.cfg.Backends[seat], nil
}

func (r *runner) name(seat int) string { return r.cfg.Scenario.Seats[seat].Character.Name }

// turn plays turn n. A backend error becomes an error event and an empty
// turn; the error is returned so the caller can tell cancellation apart.
// When a taken-over seat is handed back while its turn waits on the
// player, the turn is started again with the seat's own backend.
func (r *runner) turn(ctx context.Context, n int) (event.Turn, error) {
	seat := r.cfg.Order(r.history)
	for {
		b, handed := r.backendFor(seat)
		base := event.Event{Turn: n, Seat: seat, Speaker: r.name(seat), Backend: b.Name()}
		res, again, err := r.attempt(ctx, base, b, handed)
		if !again {
			return r.complete(ctx, base, res, err)
		}
	}
}

// attempt asks b for the turn. again reports that the seat changed hands
// before b answered.
func (r *runner) attempt(ctx context.Context, base event.Event, b Backend, handed <-chan struct{}) (res Result, again bool, err error) {
	started := base
	started.Kind = event.TurnStarted
	r.emit(started)
	emit := func(delta string) {
		if delta == "" {
			return
		}
		ev := base
		ev.Kind, ev.Delta = event.Delta, delta
		r.emit(ev)
	}
	req := Request{Seat: base.Seat, Turn: base.Turn, History: r.history, Emit: emit,
		Stream: func(ctx context.Context, text string) error { return r.stream(ctx, text, emit) }}
	// Only a taken-over seat's turn gets a context of its own: a backend
	// such as the SCRIPT writer may keep one call going across turns.
	turnCtx := ctx
	if handed != nil {
		var cancel context.CancelFunc
		turnCtx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-handed:
				cancel()
			case <-turnCtx.Done():
			}
		}()
	}
	res, err = b.Turn(turnCtx, req)
	return res, err != nil && ctx.Err() == nil && turnCtx.Err() != nil, err
}

// complete records the turn's usage, error and action, and annotates it.
func (r *runner) complete(ctx context.Context, base event.Event, res Result, err error) (event.Turn, error) {
	n, seat := base.Turn, base.Seat
	r.reportUsage(base, res.Usage)
	if res.Reasoning != "" {
		ev := base
		ev.Kind, ev.Thought = event.Reasoning, res.Reasoning
		r.emit(ev)
	}
	for _, f := range res.Failures {
		r.emitError(base, f)
	}
	if err != nil {
		if ctx.Err() == nil {
			r.emitError(base, err)
		}
		res.Action = event.Action{Type: event.None}
	}
	if res.Action.Type == "" {
		res.Action.Type = event.Speak
	}
	res.Action.Text = capText(res.Action.Text, r.cfg.MaxUtterance)
	t := event.Turn{Number: n, Seat: seat, Speaker: base.Speaker, Backend: base.Backend, Person: r.cfg.Person, Action: res.Action}
	if err != nil && ctx.Err() != nil {
		return t, err
	}
	r.history = append(r.history, t)
	done := base
	done.Kind, done.Action = event.TurnCompleted, &t.Action
	r.emit(done)
	if a := r.cfg.Annotator; a != nil {
		for _, an := range a.Annotate(r.history) {
			ev := base
			ev.Kind, ev.Annotation = event.Annotated, &an
			r.emit(ev)
		}
	}
	return t, err
}

// emitError records a failure with its kind and the model's text.
func (r *runner) emitError(base event.Event, err error) {
	ev := base
	ev.Kind, ev.Error = event.Error, err.Error()
	ev.Failure, ev.Reply = event.KindOf(err)
	r.emit(ev)
}

// stream emits text word by word at the controller's pace.
func (r *runner) stream(ctx context.Context, text string, emit func(string)) error {
	return StreamWords(ctx, text, r.cfg.Control.Pace(), emit)
}

// StreamWords emits text word by word (each word with the spaces before
// it and one after), pace apart; at pace 0 it emits the whole text at once.
func StreamWords(ctx context.Context, text string, pace time.Duration, emit func(string)) error {
	if pace <= 0 {
		emit(text)
		return nil
	}
	for rest := text; rest != ""; {
		i := strings.IndexByte(strings.TrimLeft(rest, " "), ' ')
		lead := len(rest) - len(strings.TrimLeft(rest, " "))
		cut := len(rest)
		if i >= 0 {
			cut = lead + i + 1
		}
		emit(rest[:cut])
		rest = rest[cut:]
		if rest != "" {
			if err := Sleep(ctx, pace); err != nil {
				return err
			}
		}
	}
	return nil
}
