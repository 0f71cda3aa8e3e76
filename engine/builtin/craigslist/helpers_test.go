package craigslist

import (
	"math"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
)

// priceOf is the price a move carries, NaN for none.
func priceOf(a *event.Action) float64 {
	if p, ok := cl.PriceOf(*a); ok {
		return p
	}
	return math.NaN()
}

// hasPrice reports whether a move carries a price.
func hasPrice(a *event.Action) bool {
	_, ok := cl.PriceOf(*a)
	return ok
}

// salePrice is the price of the deal an outcome settled, NaN for none.
func salePrice(o event.Outcome) float64 {
	if s, ok := o.Terms.(cl.Sale); ok && s.Price != nil {
		return *s.Price
	}
	return math.NaN()
}
