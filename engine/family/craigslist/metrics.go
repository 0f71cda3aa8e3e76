package craigslist

import (
	"math"

	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Metrics sets the deal, the agreed price, each side's normalized
// utility and the goal-completion scores. A deal on several items
// (Sale.Items) is measured by its price each against the listing's and
// the sides' prices, which are for one; its price is the total. None is
// measured when no rule read the outcome.
//
// Utility: mid is the midpoint of the two targets; the seller's utility
// is (price - mid) / |mid - seller target|, the buyer's its negation. So
// 1 means a side got its own target, 0 a split down the middle, -1 the
// partner's target.
//
// Goal completion per side: with a deal, how far the price went from the
// side's bottomline towards its own target, 0..10 (0 at the bottomline or
// past it, 10 at the target or beyond); without one, 2 when no deal was
// possible (the seller's bottomline is above the buyer's) and 0 when one
// was. The two sides' scores do not add up to a constant: a deal inside
// both limits scores for both.
func (Family) Metrics(m map[string]float64, sc *scenario.Scenario, ep family.Episode) {
	l := ListingOf(sc)
	if l == nil || ep.NotMeasured(append([]string{metrics.Deal, metrics.Price, metrics.PriceFraction, metrics.UtilitySeller, metrics.UtilityBuyer}, metrics.GoalKeys...)...) {
		return
	}
	sale, _ := ep.Outcome.Terms.(Sale)
	m[metrics.Deal] = metrics.Flag(sale.Deal)
	var gc [2]float64
	if sale.Deal && sale.Price != nil {
		m[metrics.Price] = *sale.Price
		p := sale.Each()
		if l.ListingPrice > 0 {
			m[metrics.PriceFraction] = p / l.ListingPrice
		}
		mid := (l.Seller.Target + l.Buyer.Target) / 2
		if span := math.Abs(mid - l.Seller.Target); span > 0 {
			u := (p - mid) / span
			m[metrics.UtilitySeller], m[metrics.UtilityBuyer] = u, -u
		}
		gc[SellerSeat] = towardTarget(p, l.Seller, true)
		gc[BuyerSeat] = towardTarget(p, l.Buyer, false)
	} else if l.Seller.Bottomline > l.Buyer.Bottomline {
		gc = [2]float64{2, 2}
	}
	metrics.SetGoal(m, gc)
}

// Measures are the deal rate and the agreed price as a share of the
// listing price.
func (Family) Measures() []family.Measure {
	return []family.Measure{
		{Key: metrics.Deal, Label: "deal rate", Rate: true, Max: 1},
		{Key: metrics.PriceFraction, Label: "agreed price / listing", Max: 1},
	}
}

// towardTarget scores price p for a side with limits pl: 0 at its
// bottomline or past it, 10 at its target or beyond, linear between. A
// side with a target only (Sotopia's Craigslist tasks) has no bottomline
// to measure from: it scores how near the price came to its target as a
// share of the two, 10 at its target or better, else the seller's 10 x
// price / target and the buyer's 10 x target / price ($570 against a
// buyer's $454 target is 7.96).
func towardTarget(p float64, pl PriceLimits, seller bool) float64 {
	if pl.Bottomline == 0 && pl.Target > 0 && p > 0 {
		share := p / pl.Target
		if !seller {
			share = pl.Target / p
		}
		return 10 * min(share, 1)
	}
	span := pl.Target - pl.Bottomline
	if span == 0 {
		if p == pl.Target {
			return 10
		}
		return 0
	}
	return metrics.Clamp(10*(p-pl.Bottomline)/span, 0, 10)
}
