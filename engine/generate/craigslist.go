// Package generate builds scenarios from a seed: Craigslist listings after
// CraigslistBargain and friend lists after MutualFriends (He et al. 2017).
// The same seed always gives the same scenario.
package generate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/scenario"
)

// zoneChance is how often a generated listing has a zone of possible
// agreement (the buyer's limit at or above the seller's).
const zoneChance = 0.95

// buyerTargetShares are the buyer's target as a share of the listing price,
// as in CraigslistBargain.
var buyerTargetShares = []float64{0.5, 0.7, 0.9}

// Craigslist generates the listing scenario for seed, with id
// craigslist/gen-<seed>. It is returned normalized.
func Craigslist(seed int64) *scenario.Scenario {
	return craigslist(seed, func(rng *rand.Rand) (item, float64) {
		it := catalogue[rng.IntN(len(catalogue))]
		return it, roundNice(float64(it.low + rng.IntN(it.high-it.low+1)))
	})
}

// craigslist builds the scenario of seed around the item and listing
// price draw picks.
func craigslist(seed int64, draw func(*rand.Rand) (item, float64)) *scenario.Scenario {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x63726169)) // "crai"
	it, listing := draw(rng)
	p := drawPrices(rng, listing)
	names := pick(rng, firstNames, 2)
	seller, buyer := names[0], names[1]
	money := scenario.Money

	sc := &scenario.Scenario{
		ID:           fmt.Sprintf("craigslist/gen-%d", seed),
		Title:        it.title,
		Family:       scenario.Craigslist,
		Setting:      fmt.Sprintf("Listed on Craigslist for %s: %s. %s, the seller, and %s, a buyer who saw the ad, chat about the price.", money(listing), lower(it.title), seller, buyer),
		Relationship: scenario.Strangers,
		MaxTurns:     scenario.DefaultMaxTurns,
		Seats: []scenario.Seat{
			{Role: "seller", Character: scenario.Character{
				Name:   seller,
				Public: "Sells things on Craigslist.",
				Goal: fmt.Sprintf("Sell the %s for as close to %s as you can. Do not accept less than %s; walking away is better than that.",
					lower(it.title), money(p.sellerTarget), money(p.sellerBottom)),
			}},
			{Role: "buyer", Character: scenario.Character{
				Name:   buyer,
				Public: "Answers Craigslist ads.",
				Goal: fmt.Sprintf("Buy the %s for as close to %s as you can. Do not pay more than %s; walking away is better than that.",
					lower(it.title), money(p.buyerTarget), money(p.buyerBottom)),
			}},
		},
		Data: &cl.Listing{
			Item: it.title, Category: it.category, Description: it.description, ListingPrice: listing,
			Seller: cl.PriceLimits{Target: p.sellerTarget, Bottomline: p.sellerBottom},
			Buyer:  cl.PriceLimits{Target: p.buyerTarget, Bottomline: p.buyerBottom},
		},
	}
	sc.Normalize()
	return sc
}

// prices are one listing's private prices, whole dollars.
type prices struct {
	sellerTarget, sellerBottom, buyerTarget, buyerBottom float64
}

// drawPrices draws the private prices until all of them and the listing
// price are more than a dollar apart, so matchers can tell them apart.
func drawPrices(rng *rand.Rand, listing float64) prices {
	for {
		zone := rng.Float64() < zoneChance
		share := buyerTargetShares[rng.IntN(len(buyerTargetShares))]
		if !zone && share == 0.9 {
			// A buyer who hopes for 90% of the listing always meets a seller
			// whose floor is at most 85%: no-zone listings need a lower target.
			share = buyerTargetShares[rng.IntN(2)]
		}
		p := prices{
			sellerTarget: math.Round(listing * uniform(rng, 0.88, 0.98)),
			sellerBottom: math.Round(listing * uniform(rng, 0.60, 0.85)),
			buyerTarget:  math.Round(listing * share),
		}
		if zone {
			p.buyerBottom = math.Round(max(p.buyerTarget, p.sellerBottom) + listing*uniform(rng, 0.03, 0.15))
			p.buyerBottom = min(p.buyerBottom, listing-2)
		} else {
			p.buyerBottom = math.Round(p.buyerTarget + (p.sellerBottom-p.buyerTarget)*uniform(rng, 0.2, 0.8))
		}
		if p.valid(listing, zone) {
			return p
		}
	}
}

func (p prices) valid(listing float64, zone bool) bool {
	all := []float64{listing, p.sellerTarget, p.sellerBottom, p.buyerTarget, p.buyerBottom}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if math.Abs(all[i]-all[j]) <= 1 {
				return false
			}
		}
	}
	return p.sellerBottom < p.sellerTarget && p.buyerBottom > p.buyerTarget &&
		p.sellerTarget < listing && (p.buyerBottom > p.sellerBottom) == zone
}

// roundNice rounds a listing price the way people write them: to $5 under
// $500, to $10 under $2,000, to $50 above.
func roundNice(v float64) float64 {
	step := 50.0
	switch {
	case v < 500:
		step = 5
	case v < 2000:
		step = 10
	}
	return math.Round(v/step) * step
}

func uniform(rng *rand.Rand, lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }

// pick draws n distinct entries of pool.
func pick(rng *rand.Rand, pool []string, n int) []string {
	idx := rng.Perm(len(pool))[:n]
	out := make([]string, n)
	for i, k := range idx {
		out[i] = pool[k]
	}
	return out
}

// lower starts a title with a small letter for use inside a sentence.
func lower(title string) string {
	return strings.ToLower(title[:1]) + title[1:]
}
