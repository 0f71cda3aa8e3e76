package craigslist

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
)

// openOffer is the negotiation's open formal offer: the latest offer
// with a price, and who made it. Only its maker's partner can answer it.
// The referee keeps one turn by turn; a player's /accept and a model's
// accept or reject read the same one back from the dialogue.
type openOffer struct {
	price float64
	open  bool
	seat  int
}

// note follows one turn: an offer with a price replaces the open one.
func (o *openOffer) note(t family.Turn) {
	if p, ok := PriceOf(t.Action); ok && t.Action.Type == event.Offer {
		o.price, o.open, o.seat = p, true, t.Seat
	}
}

// forSeat is the open offer's price when seat may answer it: when there
// is one and the partner made it.
func (o *openOffer) forSeat(seat int) (float64, bool) {
	if !o.open || o.seat == seat {
		return 0, false
	}
	return o.price, true
}

// standingOffer is the price of the partner's offer that seat may answer
// after the dialogue history.
func standingOffer(seat int, history []family.Turn) (float64, bool) {
	var o openOffer
	for _, t := range history {
		o.note(t)
	}
	return o.forSeat(seat)
}
