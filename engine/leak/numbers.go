package leak

import "math"

// number is one amount said in a text, spanning tokens first..last.
type number struct {
	value       float64
	first, last int
	numeral     bool // written in digits, one token (not "5 hundred" nor "five")
}

// span is a stretch of amounts said in a text: the inside of a range
// ("between 570 and 590") or a part of the hundreds ("the high 500s"). A
// fact that lies in it is mentioned approximately.
type span struct {
	lo, hi      float64
	first, last int
}

// Numbers returns the amounts said in text (for tests and fact compiling).
func (m *Matcher) Numbers(text string) []float64 {
	m.scan(text)
	var out []float64
	for _, n := range m.extractNumbers(nil) {
		out = append(out, n.value)
	}
	return out
}

// extractNumbers finds the amounts among the scanned tokens: numerals
// (500, $1,200, 500.0, 1.2k), numerals with a scale word (1.2 thousand,
// 3 grand), spelled-out numbers (twelve hundred, five hundred and fifty,
// two fifty), numbers read digit by digit (five-two-oh), digits and words
// mixed (5 hundred and 20), and a round amount with an offset (twenty under
// six hundred is 580). A range such as 450-500 is two amounts, and its
// inside a span; so is "the high 500s". The spans go to m.spans.
func (m *Matcher) extractNumbers(dst []number) []number {
	toks := m.sc.tokens
	m.spans = m.spans[:0]
	start := len(dst)
	for k := 0; k < len(toks); k++ {
		t := &toks[k]
		if t.num {
			if t.decade {
				m.addDecade(k)
			}
			if t.noPrice {
				continue
			}
			n := number{value: t.value, first: k, last: k, numeral: true}
			if !t.kilo && m.sc.adjacent(k+1) {
				if e := toks[k+1].e; e != nil && (e.kind == hundredWord || e.kind == thousandWord || e.kind == millionWord) {
					n.value *= e.value
					n.last = k + 1
					n.numeral = false
					n = m.tail(n)
				}
			}
			// A numeral too long for a float64 is no amount anyone means.
			if !math.IsInf(n.value, 0) {
				dst = append(dst, n)
			}
			k = n.last
			continue
		}
		if t.e == nil || t.e.kind == plainWord || t.e.kind == negWord || t.e.kind == ohWord {
			continue
		}
		var n number
		ok := false
		if k+1 < len(toks) && toks[k+1].e != nil && (toks[k+1].e.kind == unitWord || toks[k+1].e.kind == ohWord) {
			n, ok = m.digits(k)
		}
		if !ok {
			n, ok = m.spelled(k)
		}
		if ok {
			n = m.tail(n)
			dst = append(dst, n)
			k = n.last
		}
	}
	if len(dst)-start < 2 {
		return dst
	}
	return append(dst[:start], m.pairs(dst[start:])...)
}

// tail adds to an amount that ends in a scale word a numeral after it,
// "5 hundred 80" or "six hundred and 20".
func (m *Matcher) tail(n number) number {
	toks := m.sc.tokens
	e := toks[n.last].e
	if e == nil || e.kind != hundredWord && e.kind != thousandWord {
		return n
	}
	k := n.last + 1
	if m.sc.adjacent(k) && toks[k].e != nil && toks[k].e.kind == andWord {
		k++
	}
	if !m.sc.adjacent(k) || !toks[k].num || toks[k].noPrice || toks[k].kilo || toks[k].value >= e.value || toks[k].value != math.Trunc(toks[k].value) {
		return n
	}
	n.value += toks[k].value
	n.last = k
	return n
}

// digits reads a number said digit by digit, three digits or more: "five
// two zero" and "four-eight-oh" are 520 and 480.
func (m *Matcher) digits(k int) (number, bool) {
	toks := m.sc.tokens
	digit := func(j int) (float64, bool) {
		if j >= len(toks) || toks[j].e == nil || j > k && (!m.sc.adjacent(j) || toks[j].clause != toks[k].clause) {
			return 0, false
		}
		switch toks[j].e.kind {
		case unitWord:
			return toks[j].e.value, true
		case ohWord:
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
		return number{}, false
	}
	if j < len(toks) && m.sc.adjacent(j) && toks[j].e != nil && (toks[j].e.kind == hundredWord || toks[j].e.kind == thousandWord) {
		return number{}, false // "one two hundred" is not a reading of digits
	}
	return number{value: v, first: k, last: j - 1}, true
}

// pairs reads two amounts in a row that say one thing: an offset and a
// round amount ("$20 over 560", "thirty shy of six hundred") are the
// amount they make, and two ends of a range ("450-500", "900 to 950",
// "between 570 and 590") stay amounts with their inside a span. Two
// amounts that are a phone number or a date are not read together.
func (m *Matcher) pairs(ns []number) []number {
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
		if sign, ok := offsetWords[gap]; ok && a.value > 0 && a.value <= b.value/2 && m.priced(a) && m.priced(b) {
			out = append(out, number{value: b.value + sign*a.value, first: a.first, last: b.last})
			i++
			continue
		}
		if m.isRange(a, b, gap) {
			m.spans = append(m.spans, span{lo: a.value, hi: b.value, first: a.first, last: b.last})
		}
		out = append(out, a)
	}
	return out
}

// isRange reports whether a and b, with gap between them, are the ends
// of a range: 450-500, 900 to 950, between 570 and 590. The ends must be
// close enough for the range to say something (the larger at most half as
// much again as the smaller).
func (m *Matcher) isRange(a, b number, gap string) bool {
	if a.value <= 0 || b.value <= a.value || b.value > 1.5*a.value {
		return false
	}
	switch gap {
	case "-", "–", "to":
	case "and":
		if w := m.near.wordsBefore(int(m.sc.tokens[a.first].from), 1); len(w) == 0 || w[0] != "between" {
			return false
		}
	default:
		return false
	}
	return m.priced(a) && m.priced(b)
}

// between is the text between two amounts, lowered, with one space
// between words and no dollar sign ("short of", "-"); empty when they are
// not in one clause, too far apart to be read together, or the gap is too
// long to be an operator.
func (m *Matcher) between(a, b number) string {
	toks := m.sc.tokens
	if toks[a.last].clause != toks[b.first].clause || toks[b.first].pos-toks[a.last].pos > 3 {
		return ""
	}
	gap := m.sc.src[m.sc.to(&toks[a.last]):toks[b.first].from]
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

// priced reports whether the amount n can be a price where it is said
// (isPrice).
func (m *Matcher) priced(n number) bool {
	toks := m.sc.tokens
	return m.near.isPrice(int(toks[n.first].from), m.sc.to(&toks[n.last]), n.value, n.numeral)
}

// addDecade reads "the high 500s" (and low, mid, upper, lower, early,
// late) as the third of the hundreds it names, a span. "The 500s" alone
// says too little.
func (m *Matcher) addDecade(k int) {
	t := &m.sc.tokens[k]
	w := m.near.wordsBefore(int(t.from), 1)
	if len(w) == 0 || t.value <= 0 || t.value != math.Trunc(t.value) {
		return
	}
	third, ok := decadeWords[w[0]]
	if !ok {
		return
	}
	step := 1.0
	for step*10 < t.value && math.Mod(t.value, step*10) == 0 {
		step *= 10
	}
	lo := t.value + third*step/3
	m.spans = append(m.spans, span{lo: lo, hi: lo + step/3, first: k, last: k})
}

// spelled reads a spelled-out number starting at token k. It follows the
// usual grammar (tens then a unit, a group times hundred, groups times
// thousand, "and" after a scale word) plus the bargaining habit of saying
// hundreds as two groups: "two fifty" is 250, "twelve fifty" 1250.
func (m *Matcher) spelled(k int) (number, bool) {
	toks := m.sc.tokens
	// kind is the number-word class of token j, when it follows j-1.
	kind := func(j int) wordKind {
		if j >= len(toks) || toks[j].e == nil || j > k && !m.sc.adjacent(j) {
			return plainWord
		}
		return toks[j].e.kind
	}
	isScale := func(w wordKind) bool { return w == hundredWord || w == thousandWord || w == millionWord }
	isSmall := func(w wordKind) bool { return w == unitWord || w == teenWord || w == tensWord }
	start := k
	switch kind(k) {
	case unitWord, teenWord, tensWord:
	case hundredWord:
	case articleWord: // "a hundred", "a thousand"
		if w := kind(k + 1); w != hundredWord && !(w == thousandWord && m.sc.text(&toks[k+1]) == "thousand") {
			return number{}, false
		}
	default:
		return number{}, false
	}
	var total, group float64
	prev := plainWord
	colloquial := false // group already holds "two fifty" style hundreds
	last := k
	for j := k; j < len(toks); j++ {
		w := kind(j)
		switch {
		case w == articleWord && j == start:
			group = 1
		case w == unitWord && (prev == plainWord || prev == tensWord || prev == andWord || isScale(prev)):
			group += toks[j].e.value
		case (w == teenWord || w == tensWord) && (prev == plainWord || prev == andWord || isScale(prev)):
			group += toks[j].e.value
		case (w == teenWord || w == tensWord) && isSmall(prev) && group < 100 && !colloquial:
			group = group*100 + toks[j].e.value
			colloquial = true
		case w == hundredWord && !isScale(prev) && group < 100 && !colloquial:
			group = max(group, 1) * 100
		case (w == thousandWord || w == millionWord) && prev != plainWord && prev != andWord:
			total += max(group, 1) * toks[j].e.value
			group = 0
		case w == andWord && isScale(prev) && isSmall(kind(j+1)):
		default:
			return number{value: total + group, first: start, last: last}, true
		}
		if w != andWord {
			last = j
		}
		prev = w
	}
	return number{value: total + group, first: start, last: last}, true
}
