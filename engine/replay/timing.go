package replay

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
)

// Speeds are the paces a replay at the recorded timing can play at.
var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8}

// speed is how fast a set replays: a multiple of the recorded timing, or 0
// to stream words at the run's pace instead. Safe for concurrent use.
type speed struct{ bits atomic.Uint64 }

func (s *speed) get() float64  { return math.Float64frombits(s.bits.Load()) }
func (s *speed) set(x float64) { s.bits.Store(math.Float64bits(x)) }

// SetSpeed plays the recordings at x times their recorded timing (x
// between 0.25 and 8), or, with x = 0, word by word at the run's pace.
func (s *Set) SetSpeed(x float64) {
	if x != 0 {
		x = min(max(x, Speeds[0]), Speeds[len(Speeds)-1])
	}
	s.speed.set(x)
}

// Speed returns the multiple of the recorded timing replays play at, or 0
// when they stream at the run's word pace.
func (s *Set) Speed() float64 { return s.speed.get() }

// turnTiming is when a turn's pieces happened, relative to the end of the
// turn before it.
type turnTiming struct {
	start  time.Duration // from the previous turn's completion to this turn's start
	deltas []timedDelta
}

type timedDelta struct {
	after time.Duration // since the previous piece (or the turn's start)
	text  string
}

// time reads each turn's recorded timing from the events.
func (t *tape) time(events []event.Event) {
	var last time.Duration // the previous turn's completion, or the run's start
	var prev time.Duration
	for _, ev := range events {
		switch ev.Kind {
		case event.RunStarted:
			last = ev.At
		case event.TurnStarted:
			// A turn started again after a hand-back keeps its first start.
			if _, seen := t.timing[ev.Turn]; !seen {
				t.timing[ev.Turn] = &turnTiming{start: max(ev.At-last, 0)}
			}
			prev = ev.At
		case event.Delta:
			if tt := t.timing[ev.Turn]; tt != nil {
				tt.deltas = append(tt.deltas, timedDelta{after: max(ev.At-prev, 0), text: ev.Delta})
				prev = ev.At
			}
		case event.TurnCompleted:
			last = ev.At
		}
	}
}

// speedCheck is how often a wait looks at the speed again, so a change
// (to 0: the rest at once) takes effect within a wait.
const speedCheck = 50 * time.Millisecond

// replayTimed streams turn req.Turn's recorded pieces with the recorded
// gaps divided by the speed; a turn recorded without pieces gets its text
// at once.
func (t *tape) replayTimed(ctx context.Context, req run.Request, sp *speed) error {
	wait := func(d time.Duration) error {
		for d > 0 {
			x := sp.get()
			if x <= 0 {
				break
			}
			// The last step covers the whole rest: d/x rounds down, and
			// step*x of a rounded step can fall short of d by a few
			// nanoseconds, whose step would then round to zero forever.
			step, covered := time.Duration(float64(d)/x), d
			if step > speedCheck {
				step, covered = speedCheck, time.Duration(float64(speedCheck)*x)
			}
			timer := time.NewTimer(step)
			select {
			case <-ctx.Done():
				timer.Stop()
				return ctx.Err()
			case <-timer.C:
			}
			d -= covered
		}
		return ctx.Err()
	}
	tt := t.timing[req.Turn]
	if tt == nil || len(tt.deltas) == 0 {
		req.Emit(t.turns[req.Turn].Text)
		return ctx.Err()
	}
	if err := wait(tt.start); err != nil {
		return err
	}
	for _, d := range tt.deltas {
		if err := wait(d.after); err != nil {
			return err
		}
		req.Emit(d.text)
	}
	return nil
}
