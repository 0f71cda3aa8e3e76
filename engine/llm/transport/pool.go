package transport

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// pool spreads calls over several endpoints serving the same models: each
// call goes to the endpoint with the fewest calls in flight, and one that
// keeps failing is rested, then tried again. It implements chat.Client.
type pool struct {
	mu   sync.Mutex
	ends []*endpoint
	rest time.Duration // first rest; it doubles for an endpoint that fails again
}

// endpoint is one server of a pool with its recent record.
type endpoint struct {
	client   chat.Client
	inFlight int
	// recent holds the outcomes of the last calls (true: failed), at most
	// healthWindow of them.
	recent    []bool
	restUntil time.Time
	rests     int // rests in a row without a success between them
}

const (
	// An endpoint is rested when at least half of its last healthWindow
	// calls failed, once it has made minCalls.
	healthWindow = 8
	minCalls     = 4
	maxRest      = 5 * time.Minute
)

// DefaultRest is how long an endpoint that keeps failing is first left
// alone.
const DefaultRest = 10 * time.Second

func newPool(clients []chat.Client, rest time.Duration) *pool {
	if rest <= 0 {
		rest = DefaultRest
	}
	p := &pool{rest: rest}
	for _, c := range clients {
		p.ends = append(p.ends, &endpoint{client: c})
	}
	return p
}

// retryTrail follows one call through its retries: the endpoint that
// failed the last try, so that the next goes to another one when any is
// up. A call's tries run one after another, so it needs no lock.
type retryTrail struct{ failed *endpoint }

type retryTrailKey struct{}

// withRetryTrail marks ctx as one call whose tries the pool may spread.
func withRetryTrail(ctx context.Context) context.Context {
	return context.WithValue(ctx, retryTrailKey{}, &retryTrail{})
}

// Stream sends the call to the endpoint pick chooses.
func (p *pool) Stream(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
	trail, _ := ctx.Value(retryTrailKey{}).(*retryTrail)
	var avoid *endpoint
	if trail != nil {
		avoid = trail.failed
	}
	e := p.pick(avoid)
	reply, err := e.client.Stream(ctx, req, onDelta)
	p.done(e, ctx, err)
	if trail != nil {
		trail.failed = nil
		if err != nil {
			trail.failed = e
		}
	}
	return reply, err
}

// pick takes the endpoint that is not resting with the fewest calls in
// flight (the one with fewer recent failures on a tie), passing over
// avoid, the one that failed this call's last try, while another is up;
// when all rest, the one whose rest ends first.
func (p *pool) pick(avoid *endpoint) *endpoint {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	var best *endpoint
	for _, e := range p.ends {
		if now.Before(e.restUntil) {
			continue
		}
		if best == nil || preferred(e, best, avoid) {
			best = e
		}
	}
	if best == nil {
		for _, e := range p.ends {
			if best == nil || e.restUntil.Before(best.restUntil) {
				best = e
			}
		}
	}
	best.inFlight++
	return best
}

// done records how a call went. A call stopped by the run says nothing
// about the endpoint, but one that ran out its timeout is a failure; a
// refusal of the request (a 4xx other than 429) is an answer, not a
// failure.
func (p *pool) done(e *endpoint, ctx context.Context, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	e.inFlight--
	cause := context.Cause(ctx)
	timedOut := err != nil && errors.Is(cause, context.DeadlineExceeded) || errors.Is(cause, errIdle)
	if ctx.Err() != nil && !timedOut {
		return
	}
	var ce *chat.Error
	failed := err != nil && (timedOut || !errors.As(err, &ce) || ce.Retryable() || ce.Kind == chat.Cut || ce.Kind == chat.Malformed)
	e.recent = append(e.recent, failed)
	if len(e.recent) > healthWindow {
		e.recent = e.recent[1:]
	}
	if !failed && failures(e.recent) == 0 {
		e.rests = 0
	}
	if len(p.ends) > 1 && len(e.recent) >= minCalls && 2*failures(e.recent) >= len(e.recent) {
		e.restUntil = time.Now().Add(min(p.rest<<min(e.rests, 16), maxRest))
		e.rests++
		// After its rest it starts with a clean record.
		e.recent = e.recent[:0]
	}
}

// preferred says whether e is a better choice than best for a call that
// last failed on avoid.
func preferred(e, best, avoid *endpoint) bool {
	if (e == avoid) != (best == avoid) {
		return best == avoid
	}
	if e.inFlight != best.inFlight {
		return e.inFlight < best.inFlight
	}
	return failures(e.recent) < failures(best.recent)
}

func failures(recent []bool) int {
	n := 0
	for _, f := range recent {
		if f {
			n++
		}
	}
	return n
}
