package llm

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Policy bounds one model call: its timeout and its retries.
type Policy struct {
	// Timeout bounds each attempt, from sending to the last chunk.
	Timeout time.Duration
	// Attempts is the most tries of a call that fails before its first
	// token with a rate limit, a server error or a connection error.
	Attempts int
	// Backoff is the first wait between tries; it doubles up to MaxBackoff,
	// with jitter. A Retry-After from the server is honoured up to
	// MaxRetryAfter.
	Backoff       time.Duration
	MaxBackoff    time.Duration
	MaxRetryAfter time.Duration
}

// DefaultPolicy is used where a field is left zero.
var DefaultPolicy = Policy{
	Timeout: 2 * time.Minute, Attempts: 4,
	Backoff: 500 * time.Millisecond, MaxBackoff: 16 * time.Second, MaxRetryAfter: time.Minute,
}

func (p Policy) orDefault() Policy {
	d := DefaultPolicy
	if p.Timeout > 0 {
		d.Timeout = p.Timeout
	}
	if p.Attempts > 0 {
		d.Attempts = p.Attempts
	}
	if p.Backoff > 0 {
		d.Backoff = p.Backoff
	}
	if p.MaxBackoff > 0 {
		d.MaxBackoff = p.MaxBackoff
	}
	if p.MaxRetryAfter > 0 {
		d.MaxRetryAfter = p.MaxRetryAfter
	}
	return d
}

// caller sends calls to one model with the policy. It remembers when the
// server refuses response_format, and from then on asks for JSON in words
// only. It is shared by every backend that uses the model.
type caller struct {
	client chat.Client
	policy Policy
	noJSON atomic.Bool
}

func newCaller(c chat.Client, p Policy) *caller {
	return &caller{client: c, policy: p.orDefault()}
}

// call sends req, retrying what may be retried, and returns the reply and
// its usage (one entry, or none when the server reported none).
func (c *caller) call(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, []event.Usage, error) {
	if req.JSON && c.noJSON.Load() {
		req.JSON = false
	}
	for attempt := 1; ; attempt++ {
		reply, err := c.attempt(ctx, req, onDelta)
		if err == nil {
			var usage []event.Usage
			if reply.Usage != nil {
				usage = append(usage, *reply.Usage)
			}
			return reply, usage, nil
		}
		var ce *chat.Error
		if !errors.As(err, &ce) {
			return chat.Reply{}, nil, err
		}
		if req.JSON && ce.Kind == chat.Status && ce.StatusCode == 400 {
			// Many local servers do not know response_format; the prompt
			// asks for JSON in words as well, so go on without it.
			req.JSON = false
			reply, usage, err := c.call(ctx, req, onDelta)
			if err == nil {
				c.noJSON.Store(true)
			}
			return reply, usage, err
		}
		if !ce.Retryable() || attempt >= c.policy.Attempts {
			if attempt > 1 {
				return chat.Reply{}, nil, fmt.Errorf("gave up after %d tries: %w", attempt, err)
			}
			return chat.Reply{}, nil, err
		}
		if err := sleep(ctx, c.wait(attempt, ce.RetryAfter)); err != nil {
			return chat.Reply{}, nil, err
		}
	}
}

// attempt is one try under the per-call timeout.
func (c *caller) attempt(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
	actx, cancel := context.WithTimeout(ctx, c.policy.Timeout)
	defer cancel()
	reply, err := c.client.Stream(actx, req, onDelta)
	if err != nil && ctx.Err() == nil && actx.Err() != nil {
		return reply, fmt.Errorf("no complete reply within %v (the --timeout)", c.policy.Timeout)
	}
	return reply, err
}

// wait is the pause before try attempt+1: exponential backoff with
// jitter, or the server's Retry-After when it asks for longer.
func (c *caller) wait(attempt int, retryAfter time.Duration) time.Duration {
	d := min(c.policy.Backoff<<(attempt-1), c.policy.MaxBackoff)
	d = d/2 + rand.N(d/2+1)
	if retryAfter > d {
		d = min(retryAfter, c.policy.MaxRetryAfter)
	}
	return d
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
