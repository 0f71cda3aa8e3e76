package transport

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/run"
)

// Policy bounds one model call: its timeout and its retries.
type Policy struct {
	// Timeout bounds each attempt, from sending to the last chunk.
	Timeout time.Duration
	// Idle bounds the wait between two tokens, from the first on.
	Idle time.Duration
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
	Timeout: 10 * time.Minute, Idle: 2 * time.Minute, Attempts: 4,
	Backoff: 500 * time.Millisecond, MaxBackoff: 16 * time.Second, MaxRetryAfter: time.Minute,
}

func (p Policy) orDefault() Policy {
	d := DefaultPolicy
	if p.Timeout > 0 {
		d.Timeout = p.Timeout
	}
	if p.Idle > 0 {
		d.Idle = p.Idle
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

// model sends calls to one model with the policy. It remembers the
// optional parameters the server refused (response_format, seed,
// stream_options) and leaves them out from then on. It is shared by every
// caller that uses the model.
type model struct {
	client  chat.Client
	policy  Policy
	limit   *limiter
	noJSON  atomic.Bool
	noSeed  atomic.Bool
	noUsage atomic.Bool
}

// call sends req, retrying what may be retried, and counts the retries in
// tally.
func (m *model) call(ctx context.Context, req chat.Request, onDelta func(string), tally *Tally) (chat.Reply, error) {
	jsonRole := req.JSON
	req.Usage = !m.noUsage.Load()
	req.JSON = req.JSON && !m.noJSON.Load()
	if m.noSeed.Load() {
		req.Seed = nil
	}
	return m.send(withRetryTrail(ctx), req, jsonRole, onDelta, tally)
}

// send is call once the remembered refusals are applied. jsonRole says
// the answer is a JSON object, whether or not JSON mode is sent.
func (m *model) send(ctx context.Context, req chat.Request, jsonRole bool, onDelta func(string), tally *Tally) (chat.Reply, error) {
	for attempt := 1; ; attempt++ {
		reply, err := m.attempt(ctx, req, jsonRole, onDelta)
		if err == nil {
			return reply, nil
		}
		// A failed call keeps only what the model thought.
		thought := chat.Reply{Reasoning: reply.Reasoning}
		var ce *chat.Error
		if !errors.As(err, &ce) {
			return thought, err
		}
		if ce.Kind == chat.Status && ce.StatusCode == 400 {
			if flag := m.refused(&req, ce.Message); flag != nil {
				// A server that does not know an optional parameter: go
				// on without it, and remember that once it worked.
				reply, err := m.send(ctx, req, jsonRole, onDelta, tally)
				if err == nil {
					flag.Store(true)
				}
				return reply, err
			}
		}
		if !ce.Retryable() || attempt >= m.policy.Attempts {
			if attempt > 1 {
				return thought, fmt.Errorf("gave up after %d tries: %w", attempt, err)
			}
			return thought, err
		}
		tally.retried(ce)
		if err := run.Sleep(ctx, m.wait(attempt, ce.RetryAfter)); err != nil {
			return thought, err
		}
	}
}

// refused finds the optional parameter a 400 names, drops it from req and
// returns the flag that remembers it; nil when none is named. A 400 that
// names nothing while JSON mode is on is taken as a refusal of
// response_format, the parameter local servers most often lack.
func (m *model) refused(req *chat.Request, msg string) *atomic.Bool {
	msg = strings.ToLower(msg)
	switch {
	case req.Usage && strings.Contains(msg, "stream_options"):
		req.Usage = false
		return &m.noUsage
	case req.Seed != nil && strings.Contains(msg, "seed"):
		req.Seed = nil
		return &m.noSeed
	case req.JSON:
		req.JSON = false
		return &m.noJSON
	}
	return nil
}

// attempt is one try under the per-call timeout and the idle timeout.
func (m *model) attempt(ctx context.Context, req chat.Request, jsonRole bool, onDelta func(string)) (chat.Reply, error) {
	// The wait for the rate limits is not part of the call's timeout.
	place, err := m.limit.acquire(ctx, estimateTokens(req))
	if err != nil {
		return chat.Reply{}, err
	}
	actx, cancel := context.WithTimeout(ctx, m.policy.Timeout)
	defer cancel()
	idle := newIdleTimer(actx, m.policy.Idle)
	defer idle.stop()
	think := newThinkSplit(onDelta, jsonRole)
	req.Progress = func() {
		place.begun()
		idle.reset()
	}
	reply, err := m.client.Stream(idle.ctx, req, think.feed)
	used := 0
	if reply.Usage != nil {
		used = reply.Usage.Prompt + reply.Usage.Completion
	}
	place.ended(used)
	if err != nil && ctx.Err() == nil {
		switch {
		case actx.Err() != nil:
			err = fmt.Errorf("no complete reply within %v (the --timeout)", m.policy.Timeout)
		case idle.expired():
			err = fmt.Errorf("no token for %v (the --idle-timeout)", m.policy.Idle)
		}
	}
	if err != nil {
		reply.Reasoning = strings.TrimSpace(reply.Reasoning + "\n" + think.thought())
		return reply, err
	}
	think.end()
	reply.Text = think.content.String()
	thought := strings.TrimSpace(reply.Reasoning + "\n" + think.reasoning.String())
	if text, orphan := orphanThinking(reply.Text); orphan != "" {
		reply.Text, thought = text, strings.TrimSpace(thought+"\n"+orphan)
	}
	reply.Reasoning = thought
	return reply, nil
}

// wait is the pause before try attempt+1: exponential backoff with
// jitter, or the server's Retry-After when it asks for longer.
func (m *model) wait(attempt int, retryAfter time.Duration) time.Duration {
	d := min(m.policy.Backoff<<(attempt-1), m.policy.MaxBackoff)
	d = d/2 + rand.N(d/2+1)
	if retryAfter > d {
		d = min(retryAfter, m.policy.MaxRetryAfter)
	}
	return d
}
