package metrics

import (
	"math"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
)

// craigslist sets the deal, the agreed price, each side's normalized
// utility and the goal-completion scores.
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
func craigslist(m map[string]float64, l *scenario.Listing, out event.Outcome) {
	m[Deal] = boolValue(out.Deal)
	var gc [2]float64
	if out.Deal && out.Price != nil {
		p := *out.Price
		m[Price] = p
		if l.ListingPrice > 0 {
			m[PriceFraction] = p / l.ListingPrice
		}
		mid := (l.Seller.Target + l.Buyer.Target) / 2
		if span := math.Abs(mid - l.Seller.Target); span > 0 {
			u := (p - mid) / span
			m[UtilitySeller], m[UtilityBuyer] = u, -u
		}
		gc[scenario.SellerSeat] = towardTarget(p, l.Seller)
		gc[scenario.BuyerSeat] = towardTarget(p, l.Buyer)
	} else if l.Seller.Bottomline > l.Buyer.Bottomline {
		gc = [2]float64{2, 2}
	}
	setGoal(m, gc)
}

// towardTarget scores price p for a side with limits pl: 0 at its
// bottomline or past it, 10 at its target or beyond, linear between.
func towardTarget(p float64, pl scenario.PriceLimits) float64 {
	span := pl.Target - pl.Bottomline
	if span == 0 {
		if p == pl.Target {
			return 10
		}
		return 0
	}
	return clamp(10*(p-pl.Bottomline)/span, 0, 10)
}

// mutualFriends sets success, the turns it took, the first mention of the
// mutual friend and the goal-completion scores.
//
// Goal completion per side: when both selected the mutual friend,
// 10 - 5 x (turns - 2) / (max turns - 2), clamped to 5..10 (two turns is
// the fastest possible success); otherwise 5 for a side that selected the
// mutual friend and 0 for one that did not.
func mutualFriends(m map[string]float64, sc *scenario.Scenario, history []run.Turn, marks []Mark, out event.Outcome) {
	m[Success] = boolValue(out.Success)
	for _, mk := range marks {
		if mk.Kind == event.FirstMention && mk.FactID == MutualFriendFact {
			m[FirstMentionPos] = Position(mk.Turn, len(history))
			break
		}
	}
	var gc [2]float64
	if out.Success {
		m[TurnsToSuccess] = float64(len(history))
		score := 10.0
		if span := float64(sc.MaxTurns - 2); span > 0 {
			score = 10 - 5*float64(len(history)-2)/span
		}
		gc = [2]float64{clamp(score, 5, 10), clamp(score, 5, 10)}
	} else if i, _ := sc.Friends.Mutual(); i >= 0 {
		name := sc.Friends.Lists[0][i].Name
		for seat := range gc {
			if out.Selections[seat] == name {
				gc[seat] = 5
			}
		}
	}
	setGoal(m, gc)
}

func setGoal(m map[string]float64, gc [2]float64) {
	m[GoalCompletionSeat0], m[GoalCompletionSeat1] = gc[0], gc[1]
	m[GoalCompletion] = (gc[0] + gc[1]) / 2
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
