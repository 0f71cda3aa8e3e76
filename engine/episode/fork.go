package episode

import (
	"context"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
)

// forked wraps a run's backends so that its first turns repeat prefix.
// The SCRIPT writer, one backend for both seats, stays one wrapper.
func forked(bs [2]run.Backend, prefix []event.Turn) [2]run.Backend {
	first := &prefixed{next: bs[0], prefix: prefix}
	if bs[1] == bs[0] {
		return [2]run.Backend{first, first}
	}
	return [2]run.Backend{first, &prefixed{next: bs[1], prefix: prefix}}
}

// forkOrder gives the prefix's turns to the seats that spoke them, and
// the later ones as order does (alternation when nil).
func forkOrder(prefix []event.Turn, order run.Order) run.Order {
	if order == nil {
		order = run.Alternate
	}
	seats := make([]int, len(prefix))
	for i, t := range prefix {
		seats[i] = t.Seat
	}
	return run.Then(seats, order)
}

// prefixed plays the recorded turns 1..len(prefix) and hands every later
// turn, with the whole history so far, to next.
type prefixed struct {
	next   run.Backend
	prefix []event.Turn
}

func (p *prefixed) Name() string { return p.next.Name() }

// Retries are next's, when it counts them.
func (p *prefixed) Retries() map[string]int {
	if rc, ok := p.next.(RetryCounter); ok {
		return rc.Retries()
	}
	return nil
}

// CacheUse is next's, when it counts it.
func (p *prefixed) CacheUse() event.CacheUse {
	if cc, ok := p.next.(CacheCounter); ok {
		return cc.CacheUse()
	}
	return event.CacheUse{}
}

func (p *prefixed) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	if req.Turn > len(p.prefix) {
		return p.next.Turn(ctx, req)
	}
	if err := ctx.Err(); err != nil {
		return run.Result{}, err
	}
	a := p.prefix[req.Turn-1].Action
	req.Emit(a.Text)
	return run.Result{Action: a}, nil
}
