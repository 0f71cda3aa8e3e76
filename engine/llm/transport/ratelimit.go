package transport

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
	// settled is set when the first call has ended. Until then nothing is
	// known of how far guesses fall short, so under a token cap calls go
	// one at a time: four first calls at once could pass the cap by four
	// replies.
	settled bool
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

// tokensPerMessage is what a chat format adds to each message's content
// (its role and separators): about 3 to 4 tokens on OpenAI's models.
// Counting it keeps the guess's shortfall from growing with the dialogue,
// which the learned shortfall (limiter.under) could not catch up with.
const tokensPerMessage = 4

// estimateTokens guesses a request's tokens before it is sent: about four
// characters a token for the prompt, the format's tokens per message,
// plus the reply's cap. The guess is replaced by the server's usage when
// it reports one.
func estimateTokens(req chat.Request) int {
	n := 0
	for _, m := range req.Messages {
		n += len(m.Content)
	}
	return n/4 + tokensPerMessage*len(req.Messages) + req.MaxTokens
}

// grant is one call's place in the window; a nil grant (no limiter)
// does nothing.
type grant struct {
	l *limiter
	s *slot
}

// begun dates the place: the reply began now. Calling it again keeps the
// first date.
func (g *grant) begun() {
	if g != nil {
		g.l.stamp(g.s, 0, false)
	}
}

// ended says the call is over: used, the server's count (0 when it
// reported none), replaces the guess. It dates the place if begun did
// not.
func (g *grant) ended(used int) {
	if g != nil {
		g.l.stamp(g.s, used, true)
	}
}

// acquire waits until a request of about tokens may go and returns its
// place in the window. A nil limiter lets everything through.
func (l *limiter) acquire(ctx context.Context, tokens int) (*grant, error) {
	if l == nil {
		return nil, nil
	}
	for {
		l.mu.Lock()
		now := time.Now()
		wait, changed := l.prune(now), l.changed
		if l.fits(tokens + l.under) {
			s := &slot{tokens: tokens + l.under, guess: tokens}
			l.slots = append(l.slots, s)
			l.mu.Unlock()
			return &grant{l: l, s: s}, nil
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
		if !l.settled {
			return false
		}
		sum := tokens
		for _, s := range l.slots {
			sum += s.tokens
		}
		return sum <= l.lim.TPM
	}
	return true
}

func (l *limiter) stamp(s *slot, used int, ended bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.at.IsZero() {
		s.at = time.Now()
	}
	l.settled = l.settled || ended
	if used > 0 {
		s.tokens = used
		l.under = max(l.under, used-s.guess)
	}
	close(l.changed)
	l.changed = make(chan struct{})
}
