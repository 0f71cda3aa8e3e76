package craigslist

import (
	"fmt"
	"math"
	"slices"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// WordsRule names the rule that reads a deal from a dialogue's words
// (ReadWords), in recordings (event.Reading.Rule). Its number goes up
// when what it reads changes.
const WordsRule = "craigslist/words-1"

// ReadWords reads the deal of a negotiation held in words only (one
// recorded elsewhere, without the family's offer and accept moves): a
// deal is an acceptance of the partner's standing offer, at its price,
// or its total for several items; no acceptance, no deal. The outcome
// names the rule and the turn of the acceptance (event.Reading).
//
// The partner's standing offer is what its latest turn that put a price
// forward put forward (a price said to be the listener's, refused or a
// bound is put forward by no one). A turn accepts when one of its
// sentences says so without asking, hedging or setting a condition
// (cues.go), firmly ("Deal!", "I accept your offer") or of a price it
// names ("$40 sounds fair"), every price it names from there on is one
// of the standing offer's, and no "but" or "however" after it asks for
// more. A deal is opened again by a new price put forward after it, and
// undone by words that take it back; the last deal standing is the one.
func (Family) ReadWords(sc *scenario.Scenario, turns []family.Turn) event.Outcome {
	unit := 0.0
	if l := ListingOf(sc); l != nil {
		unit = l.ListingPrice
	}
	d, ok := readDeal(turns, unit)
	if !ok {
		return event.Outcome{Summary: "no deal: no acceptance of a standing offer in the words",
			Reading: &event.Reading{Rule: WordsRule}}
	}
	price := d.total
	summary := "deal at " + scenario.Money(price)
	if d.items > 1 {
		summary += fmt.Sprintf(" for %d items", d.items)
	}
	return event.Outcome{Terms: Sale{Deal: true, Price: &price, Items: d.items},
		Summary: summary + fmt.Sprintf(", accepted in words at turn %d", d.turn),
		Reading: &event.Reading{Rule: WordsRule, Turn: d.turn}}
}

// deal is an acceptance the reader found.
type deal struct {
	turn  int // 1-based
	total float64
	items int
	// prices are the prices agreed, which later turns may say again
	// without opening the bargaining.
	prices []float64
}

// wordOffer is a side's standing offer in words: the prices its latest
// turn that put any forward put forward, and those of the last sentence
// among them; fresh while that turn is the side's latest.
type wordOffer struct {
	all, last []quote
	fresh     bool
}

// readDeal walks the dialogue keeping each side's standing offer and
// returns the deal standing at its end.
func readDeal(turns []family.Turn, unit float64) (deal, bool) {
	var standing [2]wordOffer
	var current *deal
	for i, t := range turns {
		a := t.Action
		if t.Seat < 0 || t.Seat > 1 || a.Text == "" || a.Type != event.Speak && a.Type != event.Act {
			continue
		}
		ss := sentences(a.Text, unit)
		if d, ok := accepts(ss, standing[1-t.Seat]); ok {
			if current == nil || !same(d.total, current.total) {
				d.turn = i + 1
				current = &d
			}
		} else if current != nil && (retracts(ss) || reopens(ss, *current)) {
			current = nil
		}
		standing[t.Seat].fresh = false
		if o := putForward(ss); len(o.all) > 0 {
			o.fresh = true
			standing[t.Seat] = o
		}
	}
	if current == nil {
		return deal{}, false
	}
	return *current, true
}

// putForward is the offer a turn makes: the prices it puts forward.
func putForward(ss []sentence) wordOffer {
	var o wordOffer
	for _, s := range ss {
		var put []quote
		for _, q := range s.quotes {
			if q.offered {
				put = append(put, q)
			}
		}
		if len(put) > 0 {
			o.all, o.last = append(o.all, put...), put
		}
	}
	return o
}

// accepts reads whether a turn's sentences accept o, the partner's
// standing offer, and on what terms: the first sentence that accepts
// decides.
func accepts(ss []sentence, o wordOffer) (deal, bool) {
	if len(o.all) == 0 {
		return deal{}, false
	}
	for i, s := range ss {
		firm, ok := cue(s, o.fresh)
		if !ok {
			continue
		}
		if slices.ContainsFunc(s.quotes, func(q quote) bool { return q.refused }) {
			return deal{}, false // "Okay, $200 is too much for me."
		}
		// "Deal!" takes up what the offer's last sentence put forward,
		// unless the turn has put a price of its own forward before it
		// ("$200 is fair. Let's finalize the deal."); "$40 sounds fair"
		// the prices it names, which must be offered.
		terms := o.last
		if !firm || len(s.quotes) > 0 {
			terms = countsFrom(s.quotes, o.all)
		} else if ownPrice(ss[:i], o.all) {
			return deal{}, false
		}
		d := termsOf(terms)
		if takenBack(ss, i, o.all, d) {
			return deal{}, false
		}
		return d, true
	}
	return deal{}, false
}

// ownPrice reports whether sentences put forward a price the offer
// does not hold.
func ownPrice(ss []sentence, offer []quote) bool {
	for _, s := range ss {
		for _, q := range s.quotes {
			if q.offered && !holds(offer, q.value) {
				return true
			}
		}
	}
	return false
}

// countsFrom gives each accepted price said without a count the items
// the offer said it for ("$570 each for 4 phones" accepted as "$570,
// deal").
func countsFrom(accepted, offered []quote) []quote {
	out := slices.Clone(accepted)
	for i, q := range out {
		if q.count > 1 {
			continue
		}
		for _, p := range offered {
			if same(p.value, q.value) && p.count > 1 {
				out[i].count, out[i].each, out[i].total = p.count, p.each, p.total
			}
		}
	}
	return out
}

// cue reports whether a sentence accepts: firmly, or of the price it
// names, or (just after the offer: fresh) of what the partner just said;
// never when it asks, or when a negation, a condition, a modal or the
// partner's view reported stands before the cue in its clause.
func cue(s sentence, fresh bool) (firm, ok bool) {
	if s.question {
		return false, false
	}
	m := acceptingFirm.FindStringIndex(s.text)
	if m == nil && fresh {
		m = acceptingThat.FindStringIndex(s.text)
	}
	firm = m != nil
	if m == nil {
		if len(s.quotes) == 0 {
			return false, false
		}
		if m = acceptingPrice.FindStringIndex(s.text); m == nil {
			return false, false
		}
	}
	from, _ := clauseOf(s.text, m[0])
	if hedged.MatchString(s.text[from:m[0]]) || conditional.MatchString(s.text[:m[0]]) {
		return firm, false
	}
	rest := s.text[m[1]:]
	if c := conditional.FindStringIndex(rest); c != nil && !politeIf.MatchString(rest[c[0]:]) {
		return firm, false
	}
	return firm, true
}

// takenBack reports whether what a turn says from its accepting
// sentence on names a price neither the offer nor the deal d holds (its
// total may be said: "4 at $570, $2,280 in all"), or turns with "but" or
// "however" to asking for more.
func takenBack(ss []sentence, from int, offer []quote, d deal) bool {
	turning := false
	for _, s := range ss[from:] {
		for _, q := range s.quotes {
			if !holds(offer, q.value) && !(holds(offer, d.prices[0]) && same(d.total, q.value)) {
				return true
			}
		}
		if turning && wantsMore.MatchString(s.text) {
			return true
		}
		if m := contrast.FindStringIndex(s.text); m != nil {
			turning = true
			if wantsMore.MatchString(s.text[m[1]:]) || len(s.quotes) > 0 && s.quotes[len(s.quotes)-1].at > m[0] {
				return true
			}
		}
	}
	return false
}

// holds reports whether quotes name price v.
func holds(quotes []quote, v float64) bool {
	return slices.ContainsFunc(quotes, func(q quote) bool { return same(q.value, v) })
}

func same(a, b float64) bool { return math.Abs(a-b) < 0.005 }

// termsOf is the deal quotes make: several prices, each for a count of
// items, add up ("4 phones at $570 each and 2 at $454 each"); otherwise
// the first price is the deal's, for its items.
func termsOf(quotes []quote) deal {
	several := len(quotes) > 1
	for _, q := range quotes {
		several = several && q.count > 1
	}
	if !several {
		q := quotes[0]
		return deal{total: q.total, items: q.count, prices: []float64{q.value, q.total}}
	}
	var d deal
	for _, q := range quotes {
		d.total += q.total
		d.items += q.count
		d.prices = append(d.prices, q.value, q.total)
	}
	d.prices = append(d.prices, d.total)
	return d
}

// retracts reports whether a turn takes a deal back ("I've changed my
// mind", "the deal is off").
func retracts(ss []sentence) bool {
	return slices.ContainsFunc(ss, func(s sentence) bool { return !s.question && retracting.MatchString(s.text) })
}

// reopens reports whether a turn puts forward a price the deal does not
// hold, asking or offering ("Could you do $570?").
func reopens(ss []sentence, d deal) bool {
	for _, s := range ss {
		for _, q := range s.quotes {
			if q.offered && !slices.ContainsFunc(d.prices, func(p float64) bool { return same(p, q.value) }) &&
				(s.question || offering.MatchString(s.text)) {
				return true
			}
		}
	}
	return false
}
