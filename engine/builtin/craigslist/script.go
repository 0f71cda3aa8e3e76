package craigslist

import (
	"math"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
)

// scriptPlan is the SCRIPT writer's scene for a Craigslist listing, drawn
// once per episode from both sides' secrets: one author who wants a
// satisfying scene settles on a price inside the zone of agreement and
// walks both characters there in a few turns.
type scriptPlan struct {
	zone bool
	// prices are each side's prices in order, the seller's [0] ending at
	// the agreed price, the buyer's [1] one shorter; the buyer then makes
	// the formal offer at the agreed price and the seller accepts.
	prices [2][]float64
}

// planTurn is the dice stream of the writer's plan.
const planTurn = 1<<30 + 1

func newScriptPlan(seller, buyer limits, listing float64, seed int64) *scriptPlan {
	p := &scriptPlan{zone: buyer.bottom >= seller.bottom}
	if !p.zone {
		return p
	}
	d := talk.NewDice(seed, 2, planTurn)
	step := priceStep(listing)
	inZone := func(v float64) float64 {
		v = math.Round(v/step) * step
		return min(max(v, seller.bottom), buyer.bottom)
	}
	deal := inZone(seller.bottom + d.Between(0.3, 0.7)*(buyer.bottom-seller.bottom))
	open := math.Ceil((deal+d.Between(0.4, 1)*max(seller.target-deal, 0))/step) * step
	first := math.Floor((deal-d.Between(0.4, 1)*max(deal-buyer.target, 0))/step) * step
	if d.Chance(0.2) {
		// The buyer names the seller's own floor: a price no buyer could
		// know, and the scene's tell.
		first = seller.bottom
	}
	first = min(first, deal)
	if open <= deal {
		p.prices = [2][]float64{{deal}, nil}
		return p
	}
	if d.Chance(0.5) && open-deal > 2*step {
		mid := math.Ceil((open+deal)/2/step) * step
		low := math.Floor((first+deal)/2/step) * step
		if mid < open && mid > deal && low > first && low < deal {
			p.prices = [2][]float64{{open, mid, deal}, {first, low}}
			return p
		}
	}
	p.prices = [2][]float64{{open, deal}, {first}}
	return p
}

// scripted is the writer's move for one side: the next price of the plan,
// then the formal offer and its acceptance. Should a person have taken a
// seat and left the plan, the writer plays that side as a mind reader.
func (b *bargainer) scripted(plan *scriptPlan, history []event.Turn, seat, turn int) move {
	st := b.read(history, seat)
	if st.partnerFormal {
		if b.acceptable(st.partnerLast) {
			return move{actAccept, st.partnerLast}
		}
		return move{actReject, st.partnerLast}
	}
	side := 0
	if b.sign < 0 {
		side = 1
	}
	if !plan.zone {
		switch {
		case st.partnerFinal && !b.acceptable(st.partnerLast):
			return move{actLeave, 0}
		case side == 1:
			return move{actFinalCall, b.own.bottom}
		}
		return move{actOpen, b.own.target}
	}
	said := b.pricesSaid(history, seat)
	seq := plan.prices[side]
	if said < len(seq) && (said == 0 || st.myLast == seq[said-1]) {
		switch {
		case said == 0:
			return move{actOpen, seq[0]}
		case st.havePartner && seq[said] == st.partnerLast:
			// The plan meets the partner's own price: take it.
			return move{actClose, st.partnerLast}
		}
		return move{actCounter, seq[said]}
	}
	if side == 1 && said == len(seq) && st.havePartner && st.partnerLast == plan.prices[0][len(plan.prices[0])-1] {
		return move{actClose, st.partnerLast}
	}
	return b.decide(history, seat, turn)
}

// pricesSaid counts this seat's turns that named a price.
func (b *bargainer) pricesSaid(history []event.Turn, seat int) int {
	return b.read(history, seat).myPrices
}
