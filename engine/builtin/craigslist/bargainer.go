package craigslist

import (
	"math"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/scenario"
)

// closeShare: a partner's price this close to one's own next counter, as a
// share of the listing, is taken.
const closeShare = 0.02

// bargainer plays one side of a Craigslist negotiation as a self-interested
// player. It opens high (a seller) or low (a buyer), concedes a share of
// the gap per counter but not past where it believes the partner's limit
// is, gives ground beyond that only after the partner has sat still for a
// while, says when it has reached its own limit, takes a price close to its
// own, accepts a formal offer it can take and rejects one it cannot. It
// walks away only when the partner's final price is past its own limit, or
// after several turns without movement at its limit; when time runs short
// a closer makes a take-it-or-leave-it offer.
type bargainer struct {
	sign     float64 // +1 for the seller, who wants more; -1 for the buyer
	own      limits
	listing  float64
	step     float64 // prices are said in whole steps of this size
	maxTurns int
	temper   talk.Temperament
	settings talk.Settings
	// partnerLimit is the partner's bottomline when the view shows it
	// (MINDREADERS, SCRIPT); without it the player estimates the limit
	// from what the partner says. This is the whole difference between
	// AGENTS and MINDREADERS.
	partnerLimit      float64
	partnerLimitKnown bool
	partnerTarget     float64 // when the view shows it
	partnerTargetOnly bool
	// A target-only side's limit, and a mind reader's belief about a
	// target-only partner's, is set by the first prices said: part of the
	// way from the target to the other side's first price (target_only.go).
	ownAnchored, partnerAnchored bool
	reads                        *readings
	readings                     [2]bargainReading // per seat: the SCRIPT writer plays both
}

// newBargainer builds one side's player; writer says it is the SCRIPT
// writer's, who settles a target-only side between the two targets.
func newBargainer(k builtin.Knowledge, listing *cl.PublicListing, t talk.Temperament, s talk.Settings, reads *readings, writer bool) (*bargainer, error) {
	own, err := limitsOf(k.Self)
	if err != nil {
		return nil, err
	}
	b := &bargainer{sign: 1, own: own, maxTurns: k.MaxTurns, temper: t, settings: s, reads: reads}
	if k.Self.Role == "buyer" {
		b.sign = -1
	}
	if listing != nil {
		b.listing = listing.ListingPrice
	}
	if b.listing <= 0 {
		b.listing = max(own.target, own.bottom)
	}
	b.step = priceStep(b.listing)
	// A limit is said aloud in a final call, so one given with cents is
	// said in whole dollars, rounded in its owner's favour.
	b.own.bottom = roundLimit(b.sign, own.bottom, 1)
	if k.PartnerKnown {
		p, err := limitsOf(k.Partner)
		if err != nil {
			return nil, err
		}
		b.partnerTarget, b.partnerLimitKnown, b.partnerTargetOnly = p.target, true, p.targetOnly
		switch {
		case p.targetOnly && writer:
			b.partnerLimit = writerLimit(-b.sign, p.target, own.target, b.step)
		case p.targetOnly:
			b.partnerLimit, b.partnerAnchored = roundLimit(-b.sign, p.target, b.step), true
		default:
			b.partnerLimit = roundLimit(-b.sign, p.bottom, 1)
		}
	}
	if own.targetOnly {
		if writer && k.PartnerKnown {
			b.own.bottom = writerLimit(b.sign, own.target, b.partnerTarget, b.step)
		} else {
			b.own.bottom, b.ownAnchored = roundLimit(b.sign, own.target, b.step), true
		}
	}
	return b, nil
}

// anchor sets the target-only limits that the first prices decide.
func (b *bargainer) anchor(st bargainState) {
	if b.ownAnchored && st.havePartner {
		b.own.bottom = meetLimit(b.sign, b.own.target, st.partnerFirst, b.temper.Give, b.step)
	}
	if b.partnerAnchored && st.haveMine {
		b.partnerLimit = meetLimit(-b.sign, b.partnerTarget, st.myFirst, believedGive, b.step)
	}
}

// better reports whether price a is better than c for this side.
func (b *bargainer) better(a, c float64) bool { return b.sign*(a-c) > 0 }

// acceptable reports whether this side can take price p.
func (b *bargainer) acceptable(p float64) bool { return b.sign*(p-b.own.bottom) >= 0 }

// reachable reports whether the partner, with limit l, can meet this
// side's bottomline.
func (b *bargainer) reachable(l float64) bool { return b.sign*(l-b.own.bottom) >= 0 }

// move is what the player does on its turn: an act and its price.
type move struct {
	act   bargainAct
	price float64
}

// decide picks this seat's next move from the history alone.
func (b *bargainer) decide(history []event.Turn, seat, turn int) move {
	st := b.read(history, seat)
	b.anchor(st)
	if st.partnerFormal {
		if b.acceptable(st.partnerLast) {
			return move{actAccept, st.partnerLast}
		}
		return move{actReject, st.partnerLast}
	}
	if st.partnerAgreed && st.haveMine && b.acceptable(st.myLast) {
		return move{actClose, st.myLast}
	}
	if !st.haveMine {
		open := b.opening()
		if st.havePartner && !b.better(open, st.partnerLast) && b.acceptable(st.partnerLast) {
			// The partner asks no more (offers no less) than this side
			// would open at: take it rather than bid against itself.
			return move{actClose, st.partnerLast}
		}
		return move{actOpen, open}
	}
	if !st.havePartner || st.partnerNoise {
		// Nothing said to answer with a new price: words that read as
		// nothing earn no concession.
		return move{actHold, st.myLast}
	}
	limit, belief := b.partnerLimitBelief(st)
	next := b.counter(st, limit, b.maxTurns-turn)
	if b.acceptable(st.partnerLast) && (st.partnerFinal && belief == knownLimit || b.sign*(next-st.partnerLast) <= closeShare*b.listing) {
		return move{actClose, st.partnerLast}
	}
	left := b.maxTurns - turn
	if left <= b.settings.Pressure && left >= 1 && b.temper.Closer && b.reachable(limit) {
		// Time is short: a closer puts a formal offer at the price it
		// believes the partner will just take, or takes the partner's
		// price if that is better still. A mind reader knows that price;
		// an agent guesses it and may be turned down.
		if !b.better(limit, st.partnerLast) {
			return move{actClose, st.partnerLast}
		}
		p := b.roundToward(limit)
		if b.better(p, st.myLast) {
			p = st.myLast // never take back a concession
		}
		if !b.acceptable(p) {
			p = b.own.bottom
		}
		return move{actUltimatum, p}
	}
	if belief == knownLimit && !b.reachable(limit) {
		// The partner cannot meet this side's limit: say so once, then go.
		if st.myFinal && st.myLast == b.own.bottom || st.partnerFinal {
			return move{actLeave, 0}
		}
		return move{actFinalCall, b.own.bottom}
	}
	if left == 0 {
		return move{actStall, 0}
	}
	if next == b.own.bottom && st.myLast == b.own.bottom {
		switch {
		case !st.myFinal:
			return move{actFinalCall, next}
		case st.stillSinceMyFinal >= b.temper.Patience+1:
			return move{actLeave, 0}
		}
		return move{actHold, next}
	}
	if next == st.myLast {
		return move{actHold, next}
	}
	if next == b.own.bottom {
		return move{actFinalCall, next}
	}
	return move{actCounter, next}
}

// limitBelief says how a player holds the partner's limit.
type limitBelief int

const (
	guessedLimit limitBelief = iota // estimated from the partner's prices
	knownLimit                      // from the view, or a final call it believes
)

// partnerLimitBelief is the worst price this side thinks the partner will
// take: known from the view, or said by the partner in a final call the
// player believes, or guessed as the partner's best price so far plus the
// room this player assumes the partner keeps.
func (b *bargainer) partnerLimitBelief(st bargainState) (float64, limitBelief) {
	switch {
	case b.partnerLimitKnown:
		return b.partnerLimit, knownLimit
	case st.partnerFinal && b.temper.Trusting:
		return st.partnerLast, knownLimit
	}
	room := b.temper.Margin * b.listing
	return st.partnerBest + b.sign*room, guessedLimit
}

// opening is the first price: a mind reader anchors at the partner's
// limit; the others, and a mind reader whose partner's limit hangs on this
// very price, start from their own target.
func (b *bargainer) opening() float64 {
	if b.partnerLimitKnown && !b.partnerAnchored && b.reachable(b.partnerLimit) {
		return b.partnerLimit
	}
	s := b.settings
	var p float64
	if b.sign > 0 {
		share := s.SellerOpenLo + b.temper.Open*(s.SellerOpenHi-s.SellerOpenLo)
		p = b.own.target + share*max(b.listing-b.own.target, 0)
	} else {
		p = b.own.target * (s.BuyerOpenLo + b.temper.Open*(s.BuyerOpenHi-s.BuyerOpenLo))
	}
	p = b.roundOwn(p)
	if !b.acceptable(p) {
		p = b.own.bottom
	}
	return p
}

// counter concedes a share of the gap to the partner's price, but not past
// the partner's believed limit unless the partner has held its price for
// as long as this player's patience lasts; never past this side's
// bottomline, never taking back a concession, and at least one step when
// it moves at all, so rounding cannot freeze two players a step apart.
func (b *bargainer) counter(st bargainState, limit float64, left int) float64 {
	p := st.myLast + b.temper.Pace*(st.partnerLast-st.myLast)
	if st.stillSinceMyMove < b.temper.Patience && left > b.settings.Pressure && b.better(limit, p) {
		p = limit
	}
	if b.better(p, st.myLast) {
		return st.myLast
	}
	if p != st.myLast {
		r := b.roundOwn(p)
		if r == st.myLast {
			r = st.myLast - b.sign*b.step
		}
		if b.better(st.partnerLast, r) {
			r = st.partnerLast // no step past the partner's own price
		}
		p = r
	}
	if !b.acceptable(p) {
		p = b.own.bottom
	}
	return p
}

// roundToward rounds a price the partner is believed to take to a whole
// step on the partner's side, unless it is a limit known to the cent.
func (b *bargainer) roundToward(p float64) float64 {
	if b.partnerLimitKnown && p == b.partnerLimit {
		return p
	}
	if b.sign > 0 {
		return math.Floor(p/b.step+1e-9) * b.step
	}
	return math.Ceil(p/b.step-1e-9) * b.step
}

// roundOwn rounds p to a whole step in this side's favour.
func (b *bargainer) roundOwn(p float64) float64 {
	if b.sign > 0 {
		return math.Ceil(p/b.step-1e-9) * b.step
	}
	return math.Floor(p/b.step+1e-9) * b.step
}

// middleOf is the price halfway between two, in whole steps.
func (b *bargainer) middleOf(p, q float64) float64 {
	return math.Round((p+q)/2/b.step) * b.step
}

// lowShare: a partner's price this far from this side's asking price
// (its last price, or the listing), as a share of it, is far off even
// within this side's limit.
const lowShare = 0.25

// outOfReach reports whether the partner's price p is far from what this
// side can take: past its limit (a lowball offer to a seller, a steep
// price to a buyer), or well past its asking price.
func (b *bargainer) outOfReach(p float64, st bargainState) bool {
	asking := b.listing
	if st.haveMine {
		asking = st.myLast
	}
	return !b.acceptable(p) || b.sign*(asking-p) > lowShare*asking
}

// share is how much of the gap between this side's last price and the
// partner's a new price p gives: 0 none, 1 all of it.
func share(p float64, st bargainState) float64 {
	if !st.haveMine || !st.havePartner || st.partnerLast == st.myLast {
		return 0
	}
	return (p - st.myLast) / (st.partnerLast - st.myLast)
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
