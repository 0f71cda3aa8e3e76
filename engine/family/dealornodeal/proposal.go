package dealornodeal

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// openProposal is the game's open proposal: the latest split proposed
// that fits the table, and who proposed it, until the partner rejects it.
// Only its proposer's partner can answer it. The referee keeps one turn
// by turn; a player's /accept and /reject and a model's answers read the
// same one back from the dialogue.
type openProposal struct {
	split scenario.Split // what the proposer would take
	seat  int
}

// note follows one turn: a proposal replaces the open one, and the
// partner's rejection withdraws it.
func (p *openProposal) note(d *scenario.Deal, t family.Turn) {
	switch a := t.Action; a.Type {
	case event.Offer:
		if a.Split != nil && d.Fits(a.Split) == nil {
			p.split, p.seat = a.Split, t.Seat
		}
	case event.Reject:
		if p.split != nil && p.seat != t.Seat {
			p.split = nil
		}
	}
}

// forSeat is the open proposal when seat may answer it: when there is one
// and the partner made it.
func (p *openProposal) forSeat(seat int) (scenario.Split, bool) {
	if p.split == nil || p.seat == seat {
		return nil, false
	}
	return p.split, true
}
