package craigslist

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/jsonw"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Price is the argument of a price said as a move (event.Action.Arg): a
// formal offer's, or the one a built-in player's words name. Recordings
// keep it under "price".
type Price float64

// Key is the member recordings keep a price under.
func (Price) Key() string { return "price" }

// Label says the price as money: "$530".
func (p Price) Label() string { return scenario.Money(float64(p)) }

// Said is the price as money, which a fact's amount may be.
func (p Price) Said() string { return p.Label() }

// AppendJSON writes the price as a JSON number.
func (p Price) AppendJSON(dst []byte) ([]byte, bool) {
	if !jsonw.Finite(float64(p)) {
		return dst, false
	}
	return jsonw.Float(dst, float64(p)), true
}

// PriceOf returns the price a move carries, if any.
func PriceOf(a event.Action) (float64, bool) {
	p, ok := a.Arg.(Price)
	return float64(p), ok
}

// Sale is what the family's rules settle (event.Outcome.Terms): a deal,
// at a price. Recordings keep it as "deal" and "price", and "items" for
// a deal on several items, whose price is their total (one read from
// words can be: ReadWords).
type Sale struct {
	Deal  bool     `json:"deal,omitempty"`
	Price *float64 `json:"price,omitempty"`
	Items int      `json:"items,omitempty"`
}

// Each is the price of one item: the price over the items.
func (s Sale) Each() float64 {
	if s.Price == nil {
		return 0
	}
	return *s.Price / float64(max(s.Items, 1))
}

// Key: a recorded outcome with a price is a sale.
func (Sale) Key() string { return "price" }

// Agreed reports whether the sides made a deal.
func (s Sale) Agreed() bool { return s.Deal }

// Terms is the family's terms: a Sale.
func (Family) Terms() event.Terms { return Sale{} }
