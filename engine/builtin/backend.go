package builtin

import (
	"context"
	"fmt"

	"github.com/omnigap/omnigap/engine/run"
)

// Backend names as shown in panes and recordings.
const (
	BotName    = "builtin"
	WriterName = "builtin-writer"
)

// Backend is a built-in player: a bot for one seat (AGENTS, MINDREADERS) or
// the SCRIPT writer for both.
type Backend struct {
	name    string
	seed    int64
	players [2]Player // nil for a seat it does not play
}

// Name implements run.Backend.
func (b *Backend) Name() string { return b.name }

// Turn implements run.Backend.
func (b *Backend) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	if err := ctx.Err(); err != nil {
		return run.Result{}, err
	}
	if req.Seat < 0 || req.Seat > 1 || b.players[req.Seat] == nil {
		return run.Result{}, fmt.Errorf("%s does not play seat %d", b.name, req.Seat)
	}
	a := b.players[req.Seat].Act(req.History, req.Turn, b.seed)
	if req.Stream != nil && a.Text != "" {
		if err := req.Stream(ctx, a.Text); err != nil {
			return run.Result{}, err
		}
	}
	return run.Result{Action: a}, nil
}
