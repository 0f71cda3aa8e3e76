package builtin

import (
	"math"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Negotiation constants, as shares of the listing price.
const (
	// buyerOpenShare: a buyer opens at this share of its target.
	buyerOpenShare = 0.8
	// guessMargin is how much room a player without the partner's limit
	// assumes the partner keeps beyond its best price so far (a fifth of
	// the listing: a first offer at three quarters of the asking price is
	// worth answering, one at half is not).
	guessMargin = 0.20
	// closeShare: a price this close to one's own next counter is taken.
	closeShare = 0.03
)

// bargainer plays one side of a Craigslist negotiation, after the cocoa
// rule-based bots: it opens at its target (a buyer at 0.8 of it), concedes
// half the gap per counter, never passes its bottomline, makes a final call
// and then a formal offer, accepts a formal offer it can take, rejects one
// it cannot, and leaves when it judges no deal possible.
type bargainer struct {
	sign     float64 // +1 for the seller, who wants more; -1 for the buyer
	own      limits
	listing  float64
	step     float64 // prices are said in whole steps of this size
	maxTurns int
	// partnerLimit is the partner's bottomline when the view shows it
	// (MINDREADERS, SCRIPT); without it the player estimates the limit
	// from what the partner says. This is the whole difference between
	// the modes.
	partnerLimit      float64
	partnerLimitKnown bool
}

func newBargainer(k knowledge) (*bargainer, error) {
	own, err := limitsOf(k.self)
	if err != nil {
		return nil, err
	}
	b := &bargainer{sign: 1, own: own, maxTurns: k.maxTurns}
	if k.self.Role == "buyer" {
		b.sign = -1
	}
	if k.listing != nil {
		b.listing = k.listing.ListingPrice
	}
	if b.listing <= 0 {
		b.listing = max(own.target, own.bottom)
	}
	b.step = priceStep(b.listing)
	if k.partnerKnown {
		p, err := limitsOf(k.partner)
		if err != nil {
			return nil, err
		}
		b.partnerLimit, b.partnerLimitKnown = p.bottom, true
	}
	return b, nil
}

// better reports whether price a is better than b for this side.
func (b *bargainer) better(a, c float64) bool { return b.sign*(a-c) > 0 }

// acceptable reports whether this side can take price p.
func (b *bargainer) acceptable(p float64) bool { return b.sign*(p-b.own.bottom) >= 0 }

// move is what the player does on its turn: an act and its price.
type move struct {
	act   bargainAct
	price float64
}

// decide picks this seat's next move from the history alone.
func (b *bargainer) decide(history []run.Turn, seat, turn int) move {
	st := b.read(history, seat)
	if st.partnerFormal {
		if b.acceptable(st.partnerLast) {
			return move{actAccept, st.partnerLast}
		}
		return move{actReject, st.partnerLast}
	}
	if st.partnerAgreed && st.haveMine && b.acceptable(st.myLast) {
		return move{actClose, st.myLast}
	}
	limit, belief := b.partnerLimitBelief(st)
	zone := belief == unknownLimit || b.sign*(limit-b.own.bottom) >= 0
	// Only a limit the player knows moves its prices; a guessed one only
	// tells it whether to walk away.
	aim := belief == knownLimit && zone
	if !st.haveMine {
		return move{actOpen, b.opening(limit, aim)}
	}
	if !st.havePartner {
		return move{actHold, st.myLast}
	}
	next := b.counter(st, limit, aim)
	if b.acceptable(st.partnerLast) && (st.partnerFinal || b.sign*(next-st.partnerLast) <= closeShare*b.listing) {
		return move{actClose, st.partnerLast}
	}
	if !zone {
		return move{actLeave, 0}
	}
	switch left := b.maxTurns - turn; {
	case left == 0:
		return move{actStall, 0}
	case left == 1:
		// The partner's last turn can still accept a formal offer.
		return move{actUltimatum, next}
	}
	if next == b.own.bottom {
		if !st.myFinal {
			return move{actFinalCall, next}
		}
		return move{actUltimatum, next}
	}
	if next == st.myLast {
		return move{actHold, next}
	}
	return move{actCounter, next}
}

// limitBelief says how a player holds the partner's limit.
type limitBelief int

const (
	unknownLimit limitBelief = iota // the partner has named no price yet
	guessedLimit                    // estimated from the partner's prices
	knownLimit                      // from the view, or said in a final call
)

// partnerLimitBelief is the worst price this side thinks the partner will
// take: known from the view, or said by the partner in a final call, or
// guessed as the partner's best price so far plus some room.
func (b *bargainer) partnerLimitBelief(st bargainState) (float64, limitBelief) {
	switch {
	case b.partnerLimitKnown:
		return b.partnerLimit, knownLimit
	case st.partnerFinal:
		return st.partnerLast, knownLimit
	case st.havePartner:
		return st.partnerBest + b.sign*guessMargin*b.listing, guessedLimit
	}
	return 0, unknownLimit
}

func (b *bargainer) opening(limit float64, aim bool) float64 {
	p := b.own.target
	if b.sign < 0 {
		p *= buyerOpenShare
	}
	return b.clamp(b.roundOwn(p), limit, aim)
}

// counter moves half the way from this side's last price to the partner's.
func (b *bargainer) counter(st bargainState, limit float64, aim bool) float64 {
	p := b.clamp(b.roundOwn(st.myLast+(st.partnerLast-st.myLast)/2), limit, aim)
	if b.better(p, st.myLast) {
		return st.myLast // never take back a concession
	}
	return p
}

// clamp keeps p within this side's bottomline and, when aiming at a known
// zone of agreement, no further than the partner can go.
func (b *bargainer) clamp(p, limit float64, aim bool) float64 {
	if aim && b.better(p, limit) {
		p = limit
	}
	if !b.acceptable(p) {
		p = b.own.bottom
	}
	return p
}

// roundOwn rounds p to a whole step in this side's favour.
func (b *bargainer) roundOwn(p float64) float64 {
	if b.sign > 0 {
		return math.Ceil(p/b.step) * b.step
	}
	return math.Floor(p/b.step) * b.step
}

// priceStep is how finely people quote prices for a listing this size.
func priceStep(listing float64) float64 {
	switch {
	case listing < 100:
		return 1
	case listing < 500:
		return 5
	case listing < 2000:
		return 10
	case listing < 10000:
		return 50
	}
	return 100
}

// money says a price.
func money(p float64) string { return scenario.Money(p) }
