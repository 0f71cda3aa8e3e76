package transport

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// idleTimer cancels a call's context when no token has arrived for d
// since the last one: a slow model may take long in all, but one that
// stops mid-reply is stuck. The wait for the first token is left to the
// whole-call limit, since a long prompt on a slow server, or a server that
// answers only once the whole reply is ready, can take minutes before it.
type idleTimer struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	timer  *time.Timer
	d      time.Duration
	fired  atomic.Bool
}

func newIdleTimer(parent context.Context, d time.Duration) *idleTimer {
	ctx, cancel := context.WithCancelCause(parent)
	t := &idleTimer{ctx: ctx, cancel: cancel, d: d}
	t.timer = time.AfterFunc(d, func() {
		t.fired.Store(true)
		cancel(errIdle)
	})
	t.timer.Stop() // armed by the first token
	return t
}

// reset restarts the wait after a token.
func (t *idleTimer) reset() { t.timer.Reset(t.d) }

func (t *idleTimer) expired() bool { return t.fired.Load() }

func (t *idleTimer) stop() {
	t.timer.Stop()
	t.cancel(nil)
}

// errIdle is the cause of a call's context ended by the idle timeout.
var errIdle = errors.New("no token within the idle timeout")
