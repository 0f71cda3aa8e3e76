package match

import (
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/words"
)

// Item values (Deal-or-No-Deal) are bound to their item and number in the
// clause: a number right before an item is a count, not a value ("two
// balls", whose value may still follow); a value needs a word that says it is one ("worth", "points");
// "each" gives it to every item the clause lists; else it is the value of
// the nearest item named before it (or after it, or earlier in the
// sentence, or in the sentence before). Whose it is, the words around say
// (PhraseAbout): "to you" gives it to the listener, and a value said of no
// one is the speaker's own (fits).

// item is one item with values: the facts that give it one.
type item struct {
	facts []int // item-value facts of this item
}

// valueCues are the words that tell of a value.
var valueCues = map[string]words.ValueCue{
	"worth": words.WorthCue, "point": words.WorthCue, "points": words.WorthCue, "pts": words.WorthCue,
	"value": words.WorthCue, "values": words.WorthCue, "valued": words.WorthCue, "valuing": words.WorthCue,
	"each": words.EachCue, "apiece": words.EachCue,
	"worthless": words.ZeroCue, "useless": words.ZeroCue, "nothing": words.ZeroCue,
	"anything": words.AnythingCue,
}

// isItemValue reports whether a fact is an item's value bound by clause:
// an item-value fact with its number and its item's name.
func isItemValue(f scenario.Fact) bool {
	return f.TypeOf() == scenario.TypeItemValue && f.Number != nil && len(f.Phrases) > 0
}

// addItemValue indexes an item-value fact under its item's name.
func (m *Matcher) addItemValue(i int, f scenario.Fact) {
	name := words.Split(f.Phrases[0])
	if len(name) != 1 {
		return
	}
	at := -1
	if e := m.vocab[name[0]]; e != nil && e.Item > 0 {
		at = int(e.Item) - 1
	}
	if at < 0 {
		m.items = append(m.items, item{})
		at = len(m.items) - 1
		for _, w := range append([]string{name[0]}, words.Plurals(name[0])...) {
			m.entry(w).Item = int32(at + 1)
		}
		for w, c := range valueCues {
			m.entry(w).Cue = c
		}
	}
	m.items[at].facts = append(m.items[at].facts, i)
}

// findItemValues adds the item values said in the scanned text.
func (m *Matcher) findItemValues() {
	toks := m.Words.Tokens
	for k := range toks {
		v, ok := m.valueAt(k)
		if !ok {
			continue
		}
		first, last := k, k
		var targets []int // token indices of the items the value is of
		each := false
		for j := range toks {
			if toks[j].Clause == toks[k].Clause && toks[j].E != nil && toks[j].E.Cue == words.EachCue {
				each = true
			}
		}
		if each {
			for j := range toks {
				if toks[j].Clause == toks[k].Clause && m.isItemAt(j) {
					targets = append(targets, j)
				}
			}
		}
		if j := m.itemFor(k); len(targets) == 0 && j >= 0 {
			targets = []int{j}
		}
		for _, j := range targets {
			first, last = min(first, j), max(last, j)
		}
		for _, j := range targets {
			for _, f := range m.items[toks[j].E.Item-1].facts {
				if *m.Facts[f].Number != v {
					continue
				}
				lo, hi := min(j, k), max(j, k)
				neg := m.negated(lo, false) && !m.zeroSaidByNegation(k)
				// Words after the value say whose it is first ("each to you"),
				// then the words around the item and the value.
				about := m.Near.AboutAfter(m.Words.To(&toks[k]), 4)
				if about == words.AboutAnyone {
					about = m.Near.PhraseAbout(int(toks[lo].From), m.Words.To(&toks[hi]))
				}
				m.hits = append(m.hits, Match{Fact: f, Start: int(toks[first].Start), End: int(toks[last].End), Negated: neg, About: about, Weight: Whole})
			}
		}
	}
}

// valueAt reads token k as an item's value: a number in a clause that
// says it is a value and is no count, or a word that says zero.
func (m *Matcher) valueAt(k int) (float64, bool) {
	t := &m.Words.Tokens[k]
	if t.E != nil && t.E.Cue == words.ZeroCue {
		return 0, true
	}
	if t.E != nil && t.E.Cue == words.AnythingCue {
		return 0, m.zeroSaidByNegation(k)
	}
	var v float64
	switch {
	case t.Num && !t.NoPrice:
		v = t.Value
	case t.E != nil && (t.E.Kind == words.UnitWord || t.E.Kind == words.TeenWord):
		v = t.E.Value
	default:
		return 0, false
	}
	if k+1 < len(m.Words.Tokens) && m.isItemAt(k+1) && m.Words.Tokens[k+1].Pos == t.Pos+1 {
		return 0, false // "two balls": a count
	}
	for j := range m.Words.Tokens {
		if o := &m.Words.Tokens[j]; o.Clause == t.Clause && o.E != nil && o.E.Cue == words.WorthCue {
			return v, true
		}
	}
	return 0, false
}

// zeroSaidByNegation reports whether token k ("anything") follows a
// negation in its clause: "not worth anything" says zero.
func (m *Matcher) zeroSaidByNegation(k int) bool {
	t := &m.Words.Tokens[k]
	return t.E != nil && t.E.Cue == words.AnythingCue && m.negated(k, false)
}

func (m *Matcher) isItemAt(j int) bool {
	e := m.Words.Tokens[j].E
	return e != nil && e.Item > 0
}

// itemFor is the token of the item a value at token k is of, or -1: the
// nearest before it in its clause, else after it in its clause, else the
// last one named before it in its sentence or the one before.
func (m *Matcher) itemFor(k int) int {
	toks := m.Words.Tokens
	for j := k - 1; j >= 0 && toks[j].Clause == toks[k].Clause; j-- {
		if m.isItemAt(j) {
			return j
		}
	}
	for j := k + 1; j < len(toks) && toks[j].Clause == toks[k].Clause; j++ {
		if m.isItemAt(j) {
			return j
		}
	}
	for j := k - 1; j >= 0 && toks[k].Sentence-toks[j].Sentence <= 1; j-- {
		if m.isItemAt(j) {
			return j
		}
	}
	return -1
}
