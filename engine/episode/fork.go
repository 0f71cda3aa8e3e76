package episode

import (
	"context"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
)

// forked wraps a run's backends so that its first turns repeat prefix.
// The SCRIPT writer, one backend for both seats, stays one wrapper.
func forked(bs [2]run.Backend, prefix []event.Action) [2]run.Backend {
	first := &prefixed{next: bs[0], prefix: prefix}
	if bs[1] == bs[0] {
		return [2]run.Backend{first, first}
	}
	return [2]run.Backend{first, &prefixed{next: bs[1], prefix: prefix}}
}

// prefixed plays the recorded turns 1..len(prefix) and hands every later
// turn, with the whole history so far, to next.
type prefixed struct {
	next   run.Backend
	prefix []event.Action
}

func (p *prefixed) Name() string { return p.next.Name() }

func (p *prefixed) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	if req.Turn > len(p.prefix) {
		return p.next.Turn(ctx, req)
	}
	if err := ctx.Err(); err != nil {
		return run.Result{}, err
	}
	a := p.prefix[req.Turn-1]
	req.Emit(a.Text)
	return run.Result{Action: a}, nil
}
