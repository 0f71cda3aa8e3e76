// Package transport sends the model calls of the roles (the SCRIPT
// writer, the agents, the judge): over one endpoint or a pool of them,
// within the rate limits, under the timeouts, retried within bounds, with
// the provider's quirks applied and a reasoning model's thinking kept out
// of the content. The roles see one Call per request and know none of it.
package transport

import (
	"context"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Call is one model call as a role makes it: the request, its content as
// it streams (to onDelta), and the finished reply.
type Call func(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error)

// Layer wraps every call of a transport, above the retries, the rate
// limits and the endpoints, and below the roles: it sees the request as
// the role made it (model, messages, sampling parameters, seed) and may
// answer it without calling next, as a reply cache or a dry run that
// counts tokens would.
type Layer func(next Call) Call

// Options say how a transport sends.
type Options struct {
	// Clients are the endpoints serving the models: each call goes to one
	// of them (see pool when there are several).
	Clients []chat.Client
	// Adapt, when set, changes every request before it is sent: the
	// provider's quirks.
	Adapt func(*chat.Request)
	// Policy bounds each call; zero fields take DefaultPolicy's.
	Policy Policy
	// Limits are the requests and tokens per minute over all calls.
	Limits Limits
	// Rest is how long an endpoint of a pool that keeps failing is first
	// left alone (DefaultRest when 0).
	Rest time.Duration
	// Layers wrap every call, the first outermost.
	Layers []Layer
}

// Transport sends the calls of every backend of a factory: they share its
// endpoints, its rate limits and, per model, what the server refused.
type Transport struct {
	client  chat.Client
	policy  Policy
	limit   *limiter
	adapt   func(*chat.Request)
	layers  []Layer
	retries *Tally
	mu      sync.Mutex
	models  map[string]*model
}

// New returns a transport over o.Clients, which must not be empty.
func New(o Options) *Transport {
	client := o.Clients[0]
	if len(o.Clients) > 1 {
		client = newPool(o.Clients, o.Rest)
	}
	return &Transport{client: client, policy: o.Policy.orDefault(), limit: newLimiter(o.Limits), adapt: o.Adapt,
		layers: o.Layers, retries: &Tally{}, models: map[string]*model{}}
}

// Policy is the policy in force, defaults filled in.
func (t *Transport) Policy() Policy { return t.policy }

// Retries are the calls sent again so far by every caller of the
// transport, by kind (see RetryRateLimit).
func (t *Transport) Retries() map[string]int { return t.retries.Counts() }

// model returns the state shared by the calls to one model.
func (t *Transport) model(name string) *model {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.models[name]
	if !ok {
		m = &model{client: t.client, policy: t.policy, limit: t.limit}
		t.models[name] = m
	}
	return m
}

// Caller is one backend's way to the models: its calls go through the
// transport's layers, and its retries are counted apart (for the episode
// it plays) as well as in the transport's count.
type Caller struct {
	call  Call
	tally *Tally
	cache cacheCount
}

// cacheCount counts a caller's calls by what a reply cache did with them.
type cacheCount struct {
	mu  sync.Mutex
	use event.CacheUse
}

// Caller returns a new caller with a tally of its own.
func (t *Transport) Caller() *Caller {
	c := &Caller{tally: &Tally{parent: t.retries}}
	c.call = func(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
		if t.adapt != nil {
			req = adapted(req, t.adapt)
		}
		return t.model(req.Model).call(ctx, req, onDelta, c.tally)
	}
	for i := len(t.layers) - 1; i >= 0; i-- {
		c.call = t.layers[i](c.call)
	}
	return c
}

// adapted is req as adapt changes it; apart from the call, so that a
// request without quirks is not moved to the heap.
func adapted(req chat.Request, adapt func(*chat.Request)) chat.Request {
	adapt(&req)
	return req
}

// Call sends req to the model it names, retrying what may be retried,
// and returns the reply and its usage (one entry, or none when the server
// reported none). Reasoning is kept out of what onDelta sees and out of
// the reply's text: reasoning_content deltas and <think> blocks go to
// Reply.Reasoning. A failed call keeps only what the model thought.
func (c *Caller) Call(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, []event.Usage, error) {
	reply, err := c.call(ctx, req, onDelta)
	if reply.Cache != "" {
		c.cache.mu.Lock()
		if reply.Cache == chat.CacheHit {
			c.cache.use.Hits++
		} else {
			c.cache.use.Misses++
		}
		c.cache.mu.Unlock()
	}
	if err != nil || reply.Usage == nil {
		return reply, nil, err
	}
	return reply, []event.Usage{*reply.Usage}, nil
}

// Retried counts a call a role sent again after err (a stream cut off
// mid-reply, asked again from the role's side).
func (c *Caller) Retried(err *chat.Error) { c.tally.retried(err) }

// Reasked counts a reply that broke the format, asked again.
func (c *Caller) Reasked() { c.tally.add(RetryReask) }

// Retries are the calls this caller sent again, by kind.
func (c *Caller) Retries() map[string]int { return c.tally.Counts() }

// CacheUse counts this caller's calls that a reply cache answered and
// that it sent on.
func (c *Caller) CacheUse() event.CacheUse {
	c.cache.mu.Lock()
	defer c.cache.mu.Unlock()
	return c.cache.use
}
