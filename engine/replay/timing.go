package replay

import (
	"context"
	"math"
	"sync/atomic"
	"time"

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

// speedCheck is how often a wait looks at the speed again, so a change
// (to 0: the rest at once) takes effect within a wait.
const speedCheck = 50 * time.Millisecond

// wait holds an event back for its recorded gap divided by the speed. At
// speed 0 only a piece of text that continues its turn's (paced) waits,
// for the run's word pace.
func wait(ctx context.Context, sp *speed, control *run.Controller, gap time.Duration, paced bool) error {
	for {
		x := sp.get()
		switch {
		case x <= 0 && paced:
			return run.Sleep(ctx, control.Pace())
		case x <= 0 || gap <= 0:
			return ctx.Err()
		}
		// The last step covers the whole rest: gap/x rounds down, and
		// step*x of a rounded step can fall short of gap by a few
		// nanoseconds, whose step would then round to zero forever.
		step, covered := time.Duration(float64(gap)/x), gap
		if step > speedCheck {
			step, covered = speedCheck, time.Duration(float64(speedCheck)*x)
		}
		if err := run.Sleep(ctx, step); err != nil {
			return err
		}
		gap -= covered
	}
}
