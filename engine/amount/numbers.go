// Package amount reads the amounts said in a text: numerals, spelled-out
// and digit-by-digit numbers, numbers and words mixed, arithmetic around
// a round amount, ranges and "the high 500s", each where it can be a
// price (not a measure, a label's number, a phone number, a time, a date
// or a year). The fact matcher reads prices with it, and the built-in
// players and the model path read offers with Amounts.
package amount

import (
	"math"

	"github.com/omnigap/omnigap/engine/words"
)

// Reader reads the amounts of one text at a time. It reuses its buffers:
// not safe for concurrent use.
type Reader struct {
	// Words are the scanned text's tokens, Near the raw words around
	// them.
	Words words.Scanner
	Near  words.Nearby
	spans []Span
}

// NewReader makes a reader that knows the words of index; the number
// words must be among them.
func NewReader(index *words.Index) *Reader {
	return &Reader{Words: words.Scanner{Index: index}}
}

// Scan reads a new text.
func (m *Reader) Scan(text string) {
	m.Words.Scan(text)
	m.Near.Reset(text)
}

// Spans are the spans of amounts Read found last.
func (m *Reader) Spans() []Span { return m.spans }

// Number is one amount said in a text, spanning tokens First..Last.
type Number struct {
	Value       float64
	First, Last int
	Numeral     bool // written in digits, one token (not "5 hundred" nor "five")
}

// Span is a stretch of amounts said in a text: the inside of a range
// ("between 570 and 590") or a part of the hundreds ("the high 500s"). A
// fact that lies in it is mentioned approximately.
type Span struct {
	Lo, Hi      float64
	First, Last int
}

// Numbers returns the amounts said in text.
func (m *Reader) Numbers(text string) []float64 {
	m.Scan(text)
	var out []float64
	for _, n := range m.Read(nil) {
		out = append(out, n.Value)
	}
	return out
}

// Read appends the amounts among the scanned tokens to dst: numerals
// (500, $1,200, 500.0, 1.2k), numerals with a scale word (1.2 thousand,
// 3 grand), spelled-out numbers (twelve hundred, five hundred and fifty,
// two fifty), numbers read digit by digit (five-two-oh), digits and words
// mixed (5 hundred and 20), and a round amount with an offset (twenty under
// six hundred is 580). A range such as 450-500 is two amounts, and its
// inside a span; so is "the high 500s". The spans go to Spans.
func (m *Reader) Read(dst []Number) []Number {
	toks := m.Words.Tokens
	m.spans = m.spans[:0]
	start := len(dst)
	for k := 0; k < len(toks); k++ {
		t := &toks[k]
		if t.Num {
			if t.Decade {
				m.addDecade(k)
			}
			if t.NoPrice {
				continue
			}
			n := Number{Value: t.Value, First: k, Last: k, Numeral: true}
			if !t.Kilo && m.Words.Adjacent(k+1) {
				if e := toks[k+1].E; e != nil && (e.Kind == words.HundredWord || e.Kind == words.ThousandWord || e.Kind == words.MillionWord) {
					n.Value *= e.Value
					n.Last = k + 1
					n.Numeral = false
					n = m.tail(n)
				}
			}
			// A numeral too long for a float64 is no amount anyone means.
			if !math.IsInf(n.Value, 0) {
				dst = append(dst, n)
			}
			k = n.Last
			continue
		}
		if t.E == nil || t.E.Kind == words.PlainWord || t.E.Kind == words.NegWord || t.E.Kind == words.OhWord {
			continue
		}
		var n Number
		ok := false
		if k+1 < len(toks) && toks[k+1].E != nil && (toks[k+1].E.Kind == words.UnitWord || toks[k+1].E.Kind == words.OhWord) {
			n, ok = m.digits(k)
		}
		if !ok {
			n, ok = m.spelled(k)
		}
		if ok {
			n = m.tail(n)
			dst = append(dst, n)
			k = n.Last
		}
	}
	if len(dst)-start < 2 {
		return dst
	}
	return append(dst[:start], m.pairs(dst[start:])...)
}

// tail adds to an amount that ends in a scale word a numeral after it,
// "5 hundred 80" or "six hundred and 20".
func (m *Reader) tail(n Number) Number {
	toks := m.Words.Tokens
	e := toks[n.Last].E
	if e == nil || e.Kind != words.HundredWord && e.Kind != words.ThousandWord {
		return n
	}
	k := n.Last + 1
	if m.Words.Adjacent(k) && toks[k].E != nil && toks[k].E.Kind == words.AndWord {
		k++
	}
	if !m.Words.Adjacent(k) || !toks[k].Num || toks[k].NoPrice || toks[k].Kilo || toks[k].Value >= e.Value || toks[k].Value != math.Trunc(toks[k].Value) {
		return n
	}
	n.Value += toks[k].Value
	n.Last = k
	return n
}

// digits reads a number said digit by digit, three digits or more: "five
// two zero" and "four-eight-oh" are 520 and 480.
func (m *Reader) digits(k int) (Number, bool) {
	toks := m.Words.Tokens
	digit := func(j int) (float64, bool) {
		if j >= len(toks) || toks[j].E == nil || j > k && (!m.Words.Adjacent(j) || toks[j].Clause != toks[k].Clause) {
			return 0, false
		}
		switch toks[j].E.Kind {
		case words.UnitWord:
			return toks[j].E.Value, true
		case words.OhWord:
			return 0, j > k
		}
		return 0, false
	}
	v, j := 0.0, k
	for ; ; j++ {
		d, ok := digit(j)
		if !ok {
			break
		}
		v = v*10 + d
	}
	if j-k < 3 {
		return Number{}, false
	}
	if j < len(toks) && m.Words.Adjacent(j) && toks[j].E != nil && (toks[j].E.Kind == words.HundredWord || toks[j].E.Kind == words.ThousandWord) {
		return Number{}, false // "one two hundred" is not a reading of digits
	}
	return Number{Value: v, First: k, Last: j - 1}, true
}

// pairs reads two amounts in a row that say one thing: an offset and a
// round amount ("$20 over 560", "thirty shy of six hundred") are the
// amount they make, and two ends of a range ("450-500", "900 to 950",
// "between 570 and 590") stay amounts with their inside a span. Two
// amounts that are a phone number or a date are not read together.
func (m *Reader) pairs(ns []Number) []Number {
	out := ns[:0]
	for i := 0; i < len(ns); i++ {
		a := ns[i]
		if i+1 == len(ns) {
			out = append(out, a)
			break
		}
		b := ns[i+1]
		gap := m.between(a, b)
		if gap == "" {
			out = append(out, a)
			continue
		}
		if sign, ok := offsetWords[gap]; ok && a.Value > 0 && a.Value <= b.Value/2 && m.Priced(a) && m.Priced(b) {
			out = append(out, Number{Value: b.Value + sign*a.Value, First: a.First, Last: b.Last})
			i++
			continue
		}
		if m.isRange(a, b, gap) {
			m.spans = append(m.spans, Span{Lo: a.Value, Hi: b.Value, First: a.First, Last: b.Last})
		}
		out = append(out, a)
	}
	return out
}

// isRange reports whether a and b, with gap between them, are the ends
// of a range: 450-500, 900 to 950, between 570 and 590. The ends must be
// close enough for the range to say something (the larger at most half as
// much again as the smaller).
func (m *Reader) isRange(a, b Number, gap string) bool {
	if a.Value <= 0 || b.Value <= a.Value || b.Value > 1.5*a.Value {
		return false
	}
	switch gap {
	case "-", "–", "to":
	case "and":
		if w := m.Near.WordsBefore(int(m.Words.Tokens[a.First].From), 1); len(w) == 0 || w[0] != "between" {
			return false
		}
	default:
		return false
	}
	return m.Priced(a) && m.Priced(b)
}

// between is the text between two amounts, lowered, with one space
// between words and no dollar sign ("short of", "-"); empty when they are
// not in one clause, too far apart to be read together, or the gap is too
// long to be an operator.
func (m *Reader) between(a, b Number) string {
	toks := m.Words.Tokens
	if toks[a.Last].Clause != toks[b.First].Clause || toks[b.First].Pos-toks[a.Last].Pos > 3 {
		return ""
	}
	gap := m.Words.Src[m.Words.To(&toks[a.Last]):toks[b.First].From]
	for len(gap) > 0 && (gap[0] == ' ' || gap[0] == '$') {
		gap = gap[1:]
	}
	if len(gap) == 0 || len(gap) > 16 {
		return ""
	}
	var buf [16]byte
	n, space := 0, false
	for i := 0; i < len(gap); i++ {
		c := gap[i]
		switch {
		case c == ' ' || c == '$' || c == '\t':
			space = n > 0
		default:
			if space {
				buf[n], n = ' ', n+1
				space = false
			}
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[n], n = c, n+1
		}
	}
	return gapWords(buf[:n])
}

// gapWords returns the operator or separator b spells, as a constant
// string, or "".
func gapWords(b []byte) string {
	for _, w := range gaps {
		if string(b) == w {
			return w
		}
	}
	return ""
}

// gaps are what may stand between two amounts read together.
var gaps = []string{"-", "–", "to", "and", "under", "below", "short of", "shy of", "less than", "off", "over", "above", "more than"}

// Priced reports whether the amount n can be a price where it is said
// (isPrice).
func (m *Reader) Priced(n Number) bool {
	toks := m.Words.Tokens
	return m.isPrice(int(toks[n.First].From), m.Words.To(&toks[n.Last]), n.Value, n.Numeral)
}

// addDecade reads "the high 500s" (and low, mid, upper, lower, early,
// late) as the third of the hundreds it names, a span. "The 500s" alone
// says too little.
func (m *Reader) addDecade(k int) {
	t := &m.Words.Tokens[k]
	w := m.Near.WordsBefore(int(t.From), 1)
	if len(w) == 0 || t.Value <= 0 || t.Value != math.Trunc(t.Value) {
		return
	}
	third, ok := decadeWords[w[0]]
	if !ok {
		return
	}
	step := 1.0
	for step*10 < t.Value && math.Mod(t.Value, step*10) == 0 {
		step *= 10
	}
	lo := t.Value + third*step/3
	m.spans = append(m.spans, Span{Lo: lo, Hi: lo + step/3, First: k, Last: k})
}

// spelled reads a spelled-out number starting at token k. It follows the
// usual grammar (tens then a unit, a group times hundred, groups times
// thousand, "and" after a scale word) plus the bargaining habit of saying
// hundreds as two groups: "two fifty" is 250, "twelve fifty" 1250.
func (m *Reader) spelled(k int) (Number, bool) {
	toks := m.Words.Tokens
	// kind is the number-word class of token j, when it follows j-1.
	kind := func(j int) words.Kind {
		if j >= len(toks) || toks[j].E == nil || j > k && !m.Words.Adjacent(j) {
			return words.PlainWord
		}
		return toks[j].E.Kind
	}
	isScale := func(w words.Kind) bool {
		return w == words.HundredWord || w == words.ThousandWord || w == words.MillionWord
	}
	isSmall := func(w words.Kind) bool { return w == words.UnitWord || w == words.TeenWord || w == words.TensWord }
	start := k
	switch kind(k) {
	case words.UnitWord, words.TeenWord, words.TensWord:
	case words.HundredWord:
	case words.ArticleWord: // "a hundred", "a thousand"
		if w := kind(k + 1); w != words.HundredWord && !(w == words.ThousandWord && m.Words.Text(&toks[k+1]) == "thousand") {
			return Number{}, false
		}
	default:
		return Number{}, false
	}
	var total, group float64
	prev := words.PlainWord
	colloquial := false // group already holds "two fifty" style hundreds
	last := k
	for j := k; j < len(toks); j++ {
		w := kind(j)
		switch {
		case w == words.ArticleWord && j == start:
			group = 1
		case w == words.UnitWord && (prev == words.PlainWord || prev == words.TensWord || prev == words.AndWord || isScale(prev)):
			group += toks[j].E.Value
		case (w == words.TeenWord || w == words.TensWord) && (prev == words.PlainWord || prev == words.AndWord || isScale(prev)):
			group += toks[j].E.Value
		case (w == words.TeenWord || w == words.TensWord) && isSmall(prev) && group < 100 && !colloquial:
			group = group*100 + toks[j].E.Value
			colloquial = true
		case w == words.HundredWord && !isScale(prev) && group < 100 && !colloquial:
			group = max(group, 1) * 100
		case (w == words.ThousandWord || w == words.MillionWord) && prev != words.PlainWord && prev != words.AndWord:
			total += max(group, 1) * toks[j].E.Value
			group = 0
		case w == words.AndWord && isScale(prev) && isSmall(kind(j+1)):
		default:
			return Number{Value: total + group, First: start, Last: last}, true
		}
		if w != words.AndWord {
			last = j
		}
		prev = w
	}
	return Number{Value: total + group, First: start, Last: last}, true
}

// decadeWords before "500s" say which third of the hundreds is meant:
// 0 the low, 1 the middle, 2 the high one.
var decadeWords = map[string]float64{"low": 0, "lower": 0, "early": 0, "mid": 1, "middle": 1, "high": 2, "upper": 2, "late": 2}

// Arithmetic around a round amount: "twenty under six hundred" is 580.
var offsetWords = map[string]float64{
	"under": -1, "below": -1, "short of": -1, "shy of": -1, "less than": -1, "off": -1,
	"over": 1, "above": 1, "more than": 1,
}
