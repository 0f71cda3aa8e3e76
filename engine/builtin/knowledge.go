package builtin

import (
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Knowledge is what one seat's player may use of the two seats, taken
// from a View and nothing else. The decision code is the same in every
// mode; the modes differ only in what Knowledge holds:
//
//   - AGENTS: the own seat; Partner is the partner's public side only, so
//     PartnerKnown is false and the partner's prices and friends are empty.
//   - MINDREADERS: the partner's private side too (PartnerKnown).
//   - SCRIPT: the writer's view, which holds both seats (Writer).
//
// This is the single place where the partner's private facts enter a
// player's decisions. What the View shows both seats of the family's data
// (a listing, the friends' attributes) a family's players read from the
// View itself.
type Knowledge struct {
	ScenarioID   string // public: it varies the wording between scenarios
	Seat         int
	MaxTurns     int
	Relationship scenario.Relationship // public: how the two talk
	Self         view.SeatView
	Partner      view.SeatView
	PartnerKnown bool
	Writer       bool // the SCRIPT writer plays the seat
}

// KnowledgeOf reads what viewer v gives the player of seat. For a seat
// view the seat must be the viewer; the writer's view serves either seat.
func KnowledgeOf(v view.View, seat int) Knowledge {
	return Knowledge{
		ScenarioID: v.ScenarioID, Seat: seat, MaxTurns: v.MaxTurns, Relationship: v.Relationship,
		Self: v.Seats[seat], Partner: v.Seats[scenario.Partner(seat)],
		PartnerKnown: v.Seats[scenario.Partner(seat)].Full,
		Writer:       v.Viewer == view.Writer,
	}
}
