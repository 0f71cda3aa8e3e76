package dealornodeal

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
)

// openProposal is the game's open proposal: the latest split proposed
// that fits the table, and who proposed it, until the partner rejects it.
// Only its proposer's partner can answer it. The referee keeps one turn
// by turn; a player's /accept and /reject and a model's answers read the
// same one back from the dialogue.
type openProposal struct {
	split Split // what the proposer would take
	seat  int
}

// note follows one turn: a proposal replaces the open one, and the
// partner's rejection withdraws it.
func (p *openProposal) note(d *Deal, t family.Turn) {
	switch a := t.Action; a.Type {
	case event.Offer:
		if split := SplitOf(a); split != nil && d.Fits(split) == nil {
			p.split, p.seat = split, t.Seat
		}
	case event.Reject:
		if p.split != nil && p.seat != t.Seat {
			p.split = nil
		}
	}
}

// forSeat is the open proposal when seat may answer it: when there is one
// and the partner made it.
func (p *openProposal) forSeat(seat int) (Split, bool) {
	if p.split == nil || p.seat == seat {
		return nil, false
	}
	return p.split, true
}
