package leak

import "math"

// number is one amount said in a text, spanning tokens first..last.
type number struct {
	value       float64
	first, last int
}

// Numbers returns the amounts said in text (for tests and fact compiling).
func (m *Matcher) Numbers(text string) []float64 {
	m.sc.scan(text)
	var out []float64
	for _, n := range m.extractNumbers(nil) {
		out = append(out, n.value)
	}
	return out
}

// extractNumbers finds the amounts among the scanned tokens: numerals
// (500, $1,200, 500.0, 1.2k), numerals with a scale word (1.2 thousand,
// 3 grand) and spelled-out numbers (twelve hundred, five hundred and
// fifty, two fifty). A range such as 450-500 is two amounts.
func (m *Matcher) extractNumbers(dst []number) []number {
	toks := m.sc.tokens
	for k := 0; k < len(toks); k++ {
		t := &toks[k]
		if t.num {
			if t.noPrice {
				continue
			}
			n := number{value: t.value, first: k, last: k}
			if !t.kilo && m.sc.adjacent(k+1) {
				if e := toks[k+1].e; e != nil && (e.kind == hundredWord || e.kind == thousandWord || e.kind == millionWord) {
					n.value *= e.value
					n.last = k + 1
				}
			}
			// A numeral too long for a float64 is no amount anyone means.
			if !math.IsInf(n.value, 0) {
				dst = append(dst, n)
			}
			k = n.last
			continue
		}
		if t.e == nil || t.e.kind == plainWord || t.e.kind == negWord {
			continue
		}
		if n, ok := m.spelled(k); ok {
			dst = append(dst, n)
			k = n.last
		}
	}
	return dst
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
