package craigslist

import (
	"math"
	"strings"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/words"
	"github.com/omnigap/omnigap/internal/lazyre"
)

// A turn's words as the deal reader (words.go) reads them: its
// sentences, and in each the prices it names, with the items each is
// for when the words bind a count to it, and whether the speaker offers
// it or only speaks of it.

// sentence is one sentence of a turn, lower-cased.
type sentence struct {
	text     string
	question bool
	quotes   []quote
}

// quote is a price a sentence names.
type quote struct {
	value   float64
	at, end int // where it stands in the sentence's text (bytes)
	// count is how many items it is for, when the words bind a count to
	// it ("4 phones at $570 each", "$575 for 4 phones"); 1 otherwise.
	count int
	each  bool // said per item: "each", "apiece", "per phone"
	// total is what it comes to for its items (totalOf).
	total float64
	// offered is whether the speaker puts it forward: not a price said
	// to be the listener's ("your target of $60") nor refused.
	offered bool
	// refused is whether the speaker refuses it ("I can't go as low as
	// $30", "$30 is too low") or makes it a bound ("above $200").
	refused bool
}

// sentences reads a turn's text. unit is the price of one item (the
// listing's), which tells a total for several items from a price each.
func sentences(text string, unit float64) []sentence {
	text = strings.ToLower(strings.ReplaceAll(text, "’", "'"))
	var out []sentence
	r := amount.NewReader(words.NumberIndex())
	start := 0
	for i := 0; i <= len(text); i++ {
		end := i == len(text)
		if !end {
			c := text[i]
			end = c == '!' || c == '?' || c == ';' || c == '\n' ||
				c == '.' && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n' || text[i+1] == '\'' || text[i+1] == '"')
		}
		if !end {
			continue
		}
		if s := strings.TrimLeft(text[start:i], " \t\n\"'("); strings.TrimSpace(s) != "" {
			out = append(out, read(r, s, i < len(text) && text[i] == '?', unit))
		}
		start = i + 1
	}
	return out
}

// read finds a sentence's prices: amounts said as money ("$570", "570
// dollars"), or numerals alone of at least a quarter of an item's price
// ("152.0"); the other whole numbers from 2 to 99, and "both", may be
// counts of items.
func read(r *amount.Reader, s string, question bool, unit float64) sentence {
	out := sentence{text: s, question: question}
	r.Scan(s)
	type span struct {
		value   float64
		at, end int
	}
	var counts []span
	for _, n := range r.Read(nil) {
		toks := r.Words.Tokens
		at, end := int(toks[n.First].From), r.Words.To(&toks[n.Last])
		switch {
		case money(s, at, end) || n.Numeral && r.Priced(n) && unit > 0 && n.Value >= unit/4:
			out.quotes = append(out.quotes, quote{value: n.Value, at: at, end: end, count: 1})
		case n.Value >= 2 && n.Value < 100 && n.Value == math.Trunc(n.Value):
			counts = append(counts, span{n.Value, at, end})
		}
	}
	for _, m := range bothWord.FindAllStringIndex(s, -1) {
		counts = append(counts, span{2, m[0], m[1]})
	}
	bound := make([]bool, len(counts))
	for i := range out.quotes {
		q := &out.quotes[i]
		q.each = perItem.FindStringIndex(s[q.end:]) != nil
		for j, c := range counts {
			if c.end <= q.at && countBefore.MatchString(s[c.end:q.at]) || c.at >= q.end && countAfter.MatchString(s[q.end:c.at]) {
				q.count, bound[j] = int(c.value), true
			}
		}
		q.offered, q.refused = offered(s, q.at, q.end)
	}
	// A price each whose count the sentence says apart from it: "I'll
	// take the $570 each and buy 4 phones".
	var free []span
	for j, c := range counts {
		if !bound[j] {
			free = append(free, c)
		}
	}
	for i := range out.quotes {
		q := &out.quotes[i]
		if q.each && q.count == 1 && len(free) == 1 {
			q.count = int(free[0].value)
		}
		q.total = totalOf(*q, unit)
	}
	return out
}

// money reports whether the amount at s[at:end] is said as money: after
// a dollar sign, or before "dollars" or "bucks".
func money(s string, at, end int) bool {
	return strings.HasSuffix(strings.TrimRight(s[:at], " "), "$") || moneyAfter.MatchString(s[end:])
}

// totalOf is what a quote comes to: its price times its count when said
// per item; for a count said without "each" ("$575 for 4 phones") the
// price times the count when the price is nearer one item's price than
// the count's, else the price as the total.
func totalOf(q quote, unit float64) float64 {
	if q.count <= 1 {
		return q.value
	}
	n := float64(q.count)
	if q.each || unit <= 0 || math.Abs(math.Log(q.value/unit)) < math.Abs(math.Log(q.value/(n*unit))) {
		return n * q.value
	}
	return q.value
}

// offered reports whether the price at s[at:end] is put forward by the
// speaker, and whether it is refused: its clause refuses it ("can't go as
// low as", "is too low", "lower than") or makes it a bound ("above",
// "below"); or gives it to the listener ("your price of"), which puts it
// forward only when the speaker takes it ("I accept your offer of
// $165"). A bound of the speaker's own ("I can't go lower than $170")
// puts that price forward.
func offered(s string, at, end int) (put, refused bool) {
	from, to := clauseOf(s, at)
	before, after := s[from:at], s[end:to]
	if ownBound.MatchString(before) {
		return true, false
	}
	refused = refusal.MatchString(before) || bounded.MatchString(before) || refusedAfter.MatchString(after)
	return !refused && (!yours.MatchString(before) || takesYours.MatchString(before)), refused
}

// clauseOf is the clause around byte at: from the last , ; : ( or " but "
// before it to the next after it.
func clauseOf(s string, at int) (from, to int) {
	for i := at - 1; i >= 0; i-- {
		if strings.ContainsRune(",;:(", rune(s[i])) || strings.HasPrefix(s[i:], " but ") {
			from = i + 1
			break
		}
	}
	to = len(s)
	for i := at; i < len(s); i++ {
		if strings.ContainsRune(",;:)", rune(s[i])) || strings.HasPrefix(s[i:], " but ") {
			to = i
			break
		}
	}
	return from, to
}

var (
	moneyAfter = lazyre.New(`^\s*(?:dollars?|bucks|usd)\b`)
	bothWord   = lazyre.New(`\bboth\b`)
	// perItem follows a price said for each item.
	perItem = lazyre.New(`^\s*(?:each|apiece|a piece|per [a-z]+|a (?:phone|piece|unit|item))\b`)
	// countBefore is what stands between a count and its price after it:
	// a few words, then "at" or "for" ("4 phones at $570", "two of them
	// for $90", "all 6 for $3,000").
	countBefore = lazyre.New(`^(?:\s+(?:of\s+)?[a-z][\w'-]*){0,5}\s+(?:at|for)\s*\$?\s*$`)
	// countAfter is what stands between a price and its count after it:
	// "for", maybe after "each" ("$575 for 4 phones", "$570 each for all
	// 4").
	countAfter = lazyre.New(`^\s*(?:(?:each|apiece|per [a-z]+)\s+)?for\s+(?:(?:all|the|these|those|the other|the remaining|another)\s+)?$`)
	// yours gives a price to the listener.
	yours = lazyre.New(`\byour\b|\byou(?:'ve| have)? (?:said|mentioned|offered|asked|want|wanted|proposed|suggested)\b`)
	// takesYours takes the listener's price up.
	takesYours = lazyre.New(`\b(?:accept|agree to|agree on|take|meet|match|go with|do) your\b`)
	// refusal before a price in its clause refuses it.
	refusal = lazyre.New(`\b(?:not|no|never|cannot|unable|decline|declined|refuse|won't|can't|don't|isn't)\b|n't\b`)
	// bounded makes a price a bound rather than an offer.
	bounded = lazyre.New(`\b(?:above|below|under|over|beyond|than)\s*\$?\s*$`)
	// ownBound is the speaker's own limit, which is an offer.
	ownBound = lazyre.New(`\b(?:i|we)(?:'m| am| are)? (?:can't|cannot|can not|won't|will not|unable to|not able to) (?:go|do|sell|pay|take|accept)? ?(?:it |anything |it for anything )?(?:any )?` +
		`(?:lower|higher|below|above|under|over|less|more|beyond|past)(?: than)?\s*\$?\s*$`)
	// refusedAfter refuses the price before it: "$30 is too low", "$58
	// seems a bit high", "$580 is still higher than what I had in mind".
	refusedAfter = lazyre.New(`^[^.]{0,20}?\b(?:too|high|higher|low|lower|steep|expensive|pricey|more than|less than)\b`)
)
