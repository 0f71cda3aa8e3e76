package replay

import (
	"context"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// watchableTurn is the least time a first turn takes when someone could
// have watched it come: a built-in run streams it word by word at tens of
// milliseconds a word, a model in hundreds. A headless run (omnigap run)
// writes it in microseconds, and its recorded timing plays in a flash.
const watchableTurn = 50 * time.Millisecond

// Untimed reports whether every recording of the set was written faster
// than anyone could watch, so its recorded timing is no pace to replay
// at. It reads each recording up to its first completed turn; a recording
// without one, or that cannot be read that far, counts as timed.
func (s *Set) Untimed(ctx context.Context) bool {
	for _, mode := range s.Modes {
		first, ok := s.firstTurnAt(ctx, mode)
		if !ok || first >= watchableTurn {
			return false
		}
	}
	return len(s.Modes) > 0
}

// firstTurnAt is when mode's recording completed its first turn.
func (s *Set) firstTurnAt(ctx context.Context, mode view.Mode) (time.Duration, bool) {
	st, err := s.runs[mode].Stream()
	if err != nil {
		return 0, false
	}
	defer st.Close()
	for {
		ev, err := st.Next(ctx)
		if err != nil {
			return 0, false
		}
		if ev.Kind == event.TurnCompleted {
			return ev.At, true
		}
	}
}
