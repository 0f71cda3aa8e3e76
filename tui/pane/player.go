package pane

import (
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/input"
)

// Player is a seat the user plays in a pane: the human backend that plays
// it, the seat's own View (what a person in that seat knows, even in a
// SCRIPT pane) and the input box.
type Player struct {
	Seat    int
	Backend *human.Backend
	View    view.View
	Input   *input.Input
	// Fixed is set in play: the seat is the user's for the whole run and
	// cannot be handed back.
	Fixed bool
	// sent is the turn the last move was sent for, so one turn gets one
	// move even before its completion arrives.
	sent int
}

// NewPlayer is the user in seat of sc, playing through b.
func NewPlayer(sc *scenario.Scenario, seat int, b *human.Backend) *Player {
	return &Player{Seat: seat, Backend: b, View: view.For(sc, view.Agents, seat), Input: input.New(seat, sc.Seats[seat].Character.Name)}
}

// SetPlayer puts the user in the pane's seat (nil: nobody).
func (p *Pane) SetPlayer(pl *Player) { p.player = pl }

// Player is the seat the user plays here, if any.
func (p *Pane) Player() *Player { return p.player }

// YourTurn reports whether a turn of the player's seat waits for its
// move.
func (p *Pane) YourTurn() bool {
	pl, cur := p.player, p.current()
	return pl != nil && cur != nil && cur.seat == pl.Seat && cur.backend == human.Name && cur.turn != pl.sent
}

// Sent notes that the player's move for the current turn went out.
func (p *Pane) Sent() {
	if cur := p.current(); cur != nil && p.player != nil {
		p.player.sent = cur.turn
	}
}

// Replaying reports whether the pane plays a recording back, where no
// seat can change hands (a fork of it can).
func (p *Pane) Replaying() bool {
	_, playsBack := p.live.Spec.Factory.(episode.Player)
	return playsBack && p.live.Spec.Fork == nil
}
