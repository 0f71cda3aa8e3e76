package llm

import (
	"context"
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
	cancel context.CancelFunc
	timer  *time.Timer
	d      time.Duration
	fired  atomic.Bool
}

func newIdleTimer(parent context.Context, d time.Duration) *idleTimer {
	ctx, cancel := context.WithCancel(parent)
	t := &idleTimer{ctx: ctx, cancel: cancel, d: d}
	t.timer = time.AfterFunc(d, func() {
		t.fired.Store(true)
		cancel()
	})
	t.timer.Stop() // armed by the first token
	return t
}

// reset restarts the wait after a token.
func (t *idleTimer) reset() { t.timer.Reset(t.d) }

func (t *idleTimer) expired() bool { return t.fired.Load() }

func (t *idleTimer) stop() {
	t.timer.Stop()
	t.cancel()
}
