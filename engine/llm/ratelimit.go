package llm

import (
	"context"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Limits caps the requests and tokens sent in any window (a minute unless
// a test shortens it), shared by every worker of a run. Zero is no cap.
type Limits struct {
	RPM, TPM int
	Window   time.Duration
}

// limiter enforces Limits over a sliding window. A request holds a slot
// from the moment it is let through; the slot's time is fixed when the
// first reply chunk or the end of the call arrives, so the server, which
// sees the request before either, never sees more than RPM in a window.
type limiter struct {
	lim     Limits
	mu      sync.Mutex
	slots   []*slot
	changed chan struct{} // closed and replaced when a slot is stamped or freed
	// under is the most a server's count has exceeded a guess by (the
	// reply, when no --max-tokens bounds it, and the server's overhead per
	// message); later guesses add it, so the cap holds at the server.
	under int
}

type slot struct {
	at     time.Time // zero while the request is in flight
	tokens int
	guess  int // the estimate before the server's count
}

func newLimiter(l Limits) *limiter {
	if l.RPM <= 0 && l.TPM <= 0 {
		return nil
	}
	if l.Window <= 0 {
		l.Window = time.Minute
	}
	return &limiter{lim: l, changed: make(chan struct{})}
}

// estimateTokens guesses a request's tokens before it is sent: about four
// characters a token for the prompt, plus the reply's cap. The guess is
// replaced by the server's usage when it reports one.
func estimateTokens(req chat.Request) int {
	n := 0
	for _, m := range req.Messages {
		n += len(m.Content)
	}
	return n/4 + req.MaxTokens
}

// acquire waits until a request of about tokens may go, and returns the
// function to call when the reply begins and when it ends: the first call
// fixes the slot's time, and a count above 0 replaces the guessed tokens.
// A nil limiter lets everything through.
func (l *limiter) acquire(ctx context.Context, tokens int) (func(used int), error) {
	if l == nil {
		return func(int) {}, nil
	}
	for {
		l.mu.Lock()
		now := time.Now()
		wait, changed := l.prune(now), l.changed
		if l.fits(tokens + l.under) {
			s := &slot{tokens: tokens + l.under, guess: tokens}
			l.slots = append(l.slots, s)
			l.mu.Unlock()
			return func(used int) { l.stamp(s, used) }, nil
		}
		l.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-changed:
		case <-t.C:
		}
		t.Stop()
	}
}

// prune drops slots that left the window and returns how long until the
// next one leaves (a whole window when every slot is in flight).
func (l *limiter) prune(now time.Time) time.Duration {
	keep := l.slots[:0]
	next := l.lim.Window
	for _, s := range l.slots {
		if s.at.IsZero() {
			keep = append(keep, s)
			continue
		}
		left := s.at.Add(l.lim.Window).Sub(now)
		if left <= 0 {
			continue
		}
		next = min(next, left)
		keep = append(keep, s)
	}
	clear(l.slots[len(keep):])
	l.slots = keep
	return next
}

// fits reports whether one more request of tokens stays within the caps.
// A request larger than the whole token cap goes alone in an empty window,
// so it is slowed, never refused.
func (l *limiter) fits(tokens int) bool {
	if l.lim.RPM > 0 && len(l.slots) >= l.lim.RPM {
		return false
	}
	if l.lim.TPM > 0 && len(l.slots) > 0 {
		sum := tokens
		for _, s := range l.slots {
			sum += s.tokens
		}
		return sum <= l.lim.TPM
	}
	return true
}

func (l *limiter) stamp(s *slot, used int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.at.IsZero() {
		s.at = time.Now()
	}
	if used > 0 {
		s.tokens = used
		l.under = max(l.under, used-s.guess)
	}
	close(l.changed)
	l.changed = make(chan struct{})
}
