// Package human lets a person play a seat: a Backend that waits for the
// player's moves, and the parser that turns typed input into moves.
package human

import (
	"context"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
)

// Name is the backend name recorded for a person's turns.
const Name = "human"

// Backend plays a seat with moves submitted by a person. Submit may be
// called from any goroutine; Turn waits for the next move.
type Backend struct {
	moves chan event.Action
}

// New returns a backend with no pending move.
func New() *Backend { return &Backend{moves: make(chan event.Action, 1)} }

// Name implements run.Backend.
func (b *Backend) Name() string { return Name }

// Submit hands the player's next move to the waiting turn. It reports false
// when a move is already pending.
func (b *Backend) Submit(a event.Action) bool {
	select {
	case b.moves <- a:
		return true
	default:
		return false
	}
}

// Turn implements run.Backend: it waits for the player's move and streams
// its text at once.
func (b *Backend) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	select {
	case <-ctx.Done():
		return run.Result{}, ctx.Err()
	case a := <-b.moves:
		req.Emit(a.Text)
		return run.Result{Action: a}, nil
	}
}
