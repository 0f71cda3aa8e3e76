package builtin

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// knowledge is everything one seat's player may use, taken from a View and
// nothing else. The decision code is the same in every mode; the modes
// differ only in what knowledge holds:
//
//   - AGENTS: the own seat; partner is the partner's public side only, so
//     partnerKnown is false and the partner's prices and friends are empty.
//   - MINDREADERS: the partner's private side too (partnerKnown).
//   - SCRIPT: the writer's view, which holds both seats.
//
// This is the single place where the partner's private facts enter a
// player's decisions.
type knowledge struct {
	seat         int
	family       scenario.Family
	maxTurns     int
	self         view.SeatView
	partner      view.SeatView
	partnerKnown bool
	listing      *view.PublicListing
	attributes   []string
}

// knowledgeOf reads what viewer v gives the player of seat. For a seat
// view the seat must be the viewer; the writer's view serves either seat.
func knowledgeOf(v view.View, seat int) knowledge {
	return knowledge{
		seat: seat, family: v.Family, maxTurns: v.MaxTurns,
		self: v.Seats[seat], partner: v.Seats[scenario.Partner(seat)],
		partnerKnown: v.Seats[scenario.Partner(seat)].Full,
		listing:      v.Listing, attributes: v.Attributes,
	}
}

// limits are one side's private prices.
type limits struct{ target, bottom float64 }

// limitsOf finds a Craigslist seat's target and bottomline among the facts
// the view gives for it; a target-only side gets a bottomline from its target.
func limitsOf(sv view.SeatView) (limits, error) {
	var l limits
	var haveTarget, haveBottom bool
	for _, f := range sv.Facts {
		if f.Kind != scenario.FactPrice || f.Number == nil {
			continue
		}
		switch f.ID {
		case sv.Role + "-target":
			l.target, haveTarget = *f.Number, true
		case sv.Role + "-bottomline":
			l.bottom, haveBottom = *f.Number, true
		}
	}
	if haveTarget && !haveBottom {
		l.bottom, haveBottom = targetOnlyBottom(sv.Role, l.target), true
	}
	if !haveTarget || !haveBottom {
		return l, fmt.Errorf("seat %d (%s) has no %s-target and %s-bottomline price facts", sv.Seat, sv.Role, sv.Role, sv.Role)
	}
	return l, nil
}

// itemName is the listing's item as said in a sentence, cleaned because
// scenario files are written by anyone.
func itemName(l *view.PublicListing) string {
	if l == nil || l.Item == "" {
		return "item"
	}
	s := textsafe.Clean(l.Item)
	return lowerFirst(s)
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	if len(s) > 1 && s[1] >= 'A' && s[1] <= 'Z' {
		return s // an acronym stays as written
	}
	return string(s[0]+'a'-'A') + s[1:]
}
