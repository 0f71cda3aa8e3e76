// Package match finds a scenario's facts in dialogue text: prices by the
// amounts said (package amount), names and values as words in a row,
// free-form phrases and their paraphrases by their key words in one
// sentence, in other inflections and synonyms, people by their relation,
// each with whether it is denied and whose the words say it is
// (docs/METRICS.md).
package match

import (
	"math"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/words"
)

// Match is one mention of a fact in a text. Start and End are code-point
// offsets.
type Match struct {
	Fact    int // index into Matcher.Facts
	Start   int
	End     int
	Negated bool
	// Approximate marks an amount near the fact's (a range or a part of
	// the hundreds it lies in, a rounded amount) rather than the fact's.
	Approximate bool
	// About says whose the words make the thing said: anyone's, the
	// speaker's or the listener's (key phrases, relations, approximate
	// amounts); the annotator keeps a match only where that is the fact's
	// owner (fits).
	About words.About
	// Framed marks an amount said as a limit or target ("my budget is
	// 300", "at most 300"), for amounts a goal gives: only so, or said
	// to be the listener's, is a partner's such amount told (fits).
	Framed bool
	// Said is the amount an approximate mention said ($60 for a $58.60
	// target); 0 for any other mention.
	Said float64
	// Weight is how much the mention says of its fact: Whole, or for
	// what a seat was told (told) the sum of its distinct words the
	// clause says, each Alone or Beside.
	Weight int
}

// How much a mention says of its fact (Match.Weight). A told fact's word
// weighs Alone when it can state the fact by itself (a rare word: its
// phrases and paraphrases), Beside when only beside another of its words
// (its Together words); a clause weighs the sum of the distinct words it
// says. Every other mention states its fact Whole.
const (
	Beside = 1
	Alone  = 2
	Whole  = 4
)

// Matcher finds every fact of a set in a text. It is compiled once per
// scenario: words and phrases go into one hash table keyed by the lowered
// word, prices into a sorted slice, so a turn is scanned once whatever the
// number of facts. A Matcher is not safe for concurrent use (it reuses its
// buffers); Fork gives another goroutine its own buffers over the same
// compiled tables.
type Matcher struct {
	*tables
	// Reader scans the text and reads its amounts; its Near holds the
	// raw words around a match, read when a match needs them.
	amount.Reader

	nums     []amount.Number
	hits     []Match
	keyHits  []keyHit
	touched  []int
	unitHits []unitHit
}

// tables are a matcher's compiled, read-only part.
type tables struct {
	Facts  []scenario.Fact
	vocab  map[string]*words.Entry // while compiling; the index after
	index  *words.Index
	seqs   []sequence
	keys   []keyPhrase
	units  int     // a told fact's words, numbered across facts
	prices []price // sorted by value
	items  []item  // items with values, bound by clause (items.go)
	maxTol float64
	// persons: the scanner notes the person words, for personBefore.
	persons bool
}

// sequence is a name, value or phrase matched as consecutive words.
type sequence struct {
	fact  int
	words []string    // all but the last word, which is the entry's key
	about words.About // whose the words say it is: "your brother", "my brother"
	// proper marks a name found in a goal's text ("the Red Cross"),
	// which names it only written with a capital: "cross paths" does not.
	proper bool
}

// keyPhrase is a free-form phrase matched by its key words: all of them
// within one sentence, in any order and inflection. A told fact's word
// is one too, matched within one clause, and counted by the clause
// (unit).
type keyPhrase struct {
	fact int
	n    int // number of key words
	// own marks a phrase that carries its own negation ("worth
	// nothing"): a match of it is not negated by that word.
	own bool
	// unit numbers a told fact's word (-1 for any other phrase); weight
	// is how much it says (Alone or Beside).
	unit   int32
	weight int8
}

// Told reports whether a fact is what a seat was told (a piece of its
// extra information, its goal: derive.ToldFacts), stated by its words
// in one clause by their weight, not by one phrase.
func Told(f scenario.Fact) bool {
	return f.Kind == scenario.FactPhrase && f.Attribute == scenario.GoalAttribute
}

// unitHit is a told fact's word said in a clause.
type unitHit struct {
	fact, unit        int
	weight            int
	clause            int32
	start, end        int32
	firstTok, lastTok int
}

type price struct {
	fact  int
	value float64
	tol   float64
}

// keyHit is the progress of one key phrase within the current sentence
// (a told fact's word: clause).
type keyHit struct {
	mask     uint64
	scope    int32
	start    int32 // code point where the first key word seen starts
	firstTok int
}

// maxKeyWords bounds a key phrase's key words (a bit mask tracks them).
const maxKeyWords = 64

// Compile builds the matcher for facts.
func Compile(facts []scenario.Fact) *Matcher {
	m := &Matcher{tables: &tables{Facts: facts, vocab: map[string]*words.Entry{}}}
	for i, f := range facts {
		switch {
		case f.Kind == scenario.FactPrice:
			m.addPrice(i, f)
		case isItemValue(f):
			m.addItemValue(i, f)
			continue // its wordings are for people to read; the clause binds it
		case Told(f):
			for _, p := range slices.Concat(f.Phrases, f.Paraphrases) {
				m.addUnit(i, p, Alone)
			}
			for _, p := range f.Together {
				m.addUnit(i, p, Beside)
			}
			continue
		case f.Kind == scenario.FactPhrase:
			for _, p := range surface(f) {
				m.addKeyPhrase(i, p)
			}
		default:
			for _, p := range surface(f) {
				m.addSequence(i, p, f.Kind == scenario.FactValue, words.AboutAnyone)
				m.seqs[len(m.seqs)-1].proper = f.Kind == scenario.FactName && f.Attribute == scenario.GoalAttribute
			}
			for _, rel := range relations(f) {
				m.addSequence(i, "your "+rel, false, words.AboutListener)
				m.addSequence(i, "my "+rel, false, words.AboutSpeaker)
			}
		}
		for _, p := range f.Paraphrases {
			m.addKeyPhrase(i, p)
		}
	}
	sort.Slice(m.prices, func(a, b int) bool { return m.prices[a].value < m.prices[b].value })
	// The scanner keeps the person words, for personBefore.
	m.persons = len(m.prices) > 0
	// With the number words in its own table, the scanner looks a word up
	// once, not twice. Added last: no entry is changed after.
	for w, e := range words.NumberEntries() {
		if m.vocab[w] == nil {
			m.vocab[w] = e
		}
	}
	m.index = words.NewIndex(m.vocab)
	m.vocab = nil // the index holds them now
	m.Reader = *amount.NewReader(m.index)
	m.Words.Persons = m.persons
	return m
}

// Fork returns a matcher over the same compiled tables with buffers of
// its own. Compiling is the costly part; forking is cheap, and forks of
// one matcher may run on different goroutines.
func (m *Matcher) Fork() *Matcher {
	f := &Matcher{tables: m.tables, Reader: *amount.NewReader(m.index), keyHits: make([]keyHit, len(m.keys))}
	f.Words.Persons = m.persons
	for i := range f.keyHits {
		f.keyHits[i].scope = -1
	}
	return f
}

// surface lists the texts that name a fact: its phrases and aliases, or
// its text when it has neither.
func surface(f scenario.Fact) []string {
	out := append(append([]string{}, f.Phrases...), f.Aliases...)
	if len(out) == 0 && f.Text != "" {
		out = []string{f.Text}
	}
	return out
}

func (m *Matcher) entry(w string) *words.Entry {
	e := m.vocab[w]
	if e == nil {
		e = &words.Entry{}
		if shared := words.NumberEntries()[w]; shared != nil {
			*e = *shared
		}
		m.vocab[w] = e
	}
	return e
}

func (m *Matcher) addPrice(i int, f scenario.Fact) {
	v, ok := factNumber(f)
	if !ok {
		return
	}
	tol := math.Max(f.Tolerance, 1e-9)
	m.prices = append(m.prices, price{fact: i, value: v, tol: tol})
	m.maxTol = math.Max(m.maxTol, tol)
}

// factNumber is a price fact's number, or the first amount in its phrases
// or text when the file gave none.
func factNumber(f scenario.Fact) (float64, bool) {
	if f.Number != nil {
		return *f.Number, true
	}
	for _, text := range append(surface(f), f.Text) {
		if ns := amount.Amounts(text); len(ns) > 0 {
			return ns[0], true
		}
	}
	return 0, false
}

// addSequence indexes a phrase under its last word; values also match
// with the last word in plural (or singular) form.
func (m *Matcher) addSequence(i int, phrase string, plural bool, ab words.About) {
	ws := words.Split(phrase)
	if len(ws) == 0 {
		return
	}
	m.seqs = append(m.seqs, sequence{fact: i, words: ws[:len(ws)-1], about: ab})
	id := len(m.seqs) - 1
	for _, w := range ws[:len(ws)-1] {
		m.entry(w) // so the scanner keeps the phrase's leading words
	}
	last := ws[len(ws)-1]
	forms := []string{last}
	if plural {
		forms = append(forms, words.Plurals(last)...)
	}
	for _, w := range forms {
		e := m.entry(w)
		e.SeqEnd = append(e.SeqEnd, id)
	}
}

// addKeyPhrase indexes a free-form phrase by its content words, each in
// any inflection (irregular verbs included: threw, throw, thrown) or as a
// synonym (lexicon.go); a synonym of several words ("rental contract" for
// "lease") makes a phrase of its own. A negation the phrase itself says
// ("worth nothing") is one of its key words.
func (m *Matcher) addKeyPhrase(i int, phrase string) { m.addKeyWords(i, phrase, -1, 0) }

// addUnit indexes a word (or words) of a told fact as a key phrase
// matched within a clause, weighing weight.
func (m *Matcher) addUnit(i int, phrase string, weight int8) {
	m.addKeyWords(i, phrase, int32(m.units), weight)
	m.units++
}

func (m *Matcher) addKeyWords(i int, phrase string, unit int32, weight int8) {
	var keys []string
	own := false
	for _, w := range words.Split(phrase) {
		neg := words.IsNegation(w)
		if (!words.Stopword(w) || neg) && len(keys) < maxKeyWords {
			keys = append(keys, w)
			own = own || neg
		}
	}
	if len(keys) == 0 {
		return
	}
	for _, variant := range keyVariants(keys) {
		m.addKeys(keyPhrase{fact: i, n: len(variant), own: own, unit: unit, weight: weight}, variant)
	}
}

// addKeys indexes one list of key words, each standing for its forms.
func (m *Matcher) addKeys(p keyPhrase, keys [][]string) {
	m.keys = append(m.keys, p)
	id := len(m.keys) - 1
	for b, forms := range keys {
		for _, w := range forms {
			e := m.entry(w)
			if !slices.Contains(e.KeyOf, words.KeyRef{Phrase: id, Bit: 1 << b}) {
				e.KeyOf = append(e.KeyOf, words.KeyRef{Phrase: id, Bit: 1 << b})
			}
		}
	}
	m.keyHits = append(m.keyHits, keyHit{scope: -1})
}

// Find returns every mention of a fact in text, in order of position. The
// returned slice is reused by the next call.
func (m *Matcher) Find(text string) []Match {
	m.Scan(text)
	m.hits = m.hits[:0]
	m.findPrices()
	m.findSequences()
	m.findKeyPhrases()
	if len(m.unitHits) > 0 {
		m.findTold()
	}
	if len(m.items) > 0 {
		m.findItemValues()
	}
	slices.SortFunc(m.hits, func(a, b Match) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		if a.End != b.End {
			return b.End - a.End // the longest mention first: "Jacob Reyes" before "Jacob"
		}
		return a.Fact - b.Fact
	})
	return m.hits
}

// approxShare is how far a rounded amount may be from a fact's, as a
// share of it, to mention it approximately.
const approxShare = 0.03

// findPrices matches the amounts said against the price facts: within a
// fact's tolerance a mention, where the amount can be a price (isPrice);
// a rounded amount (rounded) within approxShare of a fact, or a span the
// fact lies in, an approximate mention where the sentence says whose
// amount it is (amountAbout).
func (m *Matcher) findPrices() {
	if len(m.prices) == 0 {
		return
	}
	m.nums = m.Read(m.nums[:0])
	toks := m.Words.Tokens
	for _, n := range m.nums {
		// An amount that is a fact's says that fact, not another one
		// near it.
		exact, priced := false, false
		at := m.firstPrice(n.Value - m.maxTol)
		for i := at; i < len(m.prices) && m.prices[i].value <= n.Value+m.maxTol; i++ {
			p := m.prices[i]
			if math.Abs(p.value-n.Value) > p.tol || cents(n.Value, p.value) {
				continue
			}
			if !exact {
				exact, priced = true, m.Priced(n)
			}
			if priced {
				m.add(p.fact, n.First, n.Last)
				if m.Facts[p.fact].Attribute == scenario.GoalAttribute {
					m.frame(&m.hits[len(m.hits)-1], n)
				}
			}
		}
		if exact || !rounded(n.Value) {
			continue
		}
		reach := approxShare * n.Value * 1.05
		for at > 0 && m.prices[at-1].value >= n.Value-reach {
			at--
		}
		checked, ab := false, words.AboutAnyone
		for i := at; i < len(m.prices) && m.prices[i].value <= n.Value+reach; i++ {
			p := m.prices[i]
			if math.Abs(p.value-n.Value) > approxShare*math.Abs(p.value) {
				continue
			}
			if !checked {
				// Reading whose the amount is costs more than the
				// rest: it comes last, and only where a person word
				// stands before it.
				checked = true
				if m.personBefore(n.First) {
					ab = m.Near.AmountAbout(int(toks[n.First].From))
				}
				if ab != words.AboutAnyone && !m.Priced(n) {
					ab = words.AboutAnyone
				}
			}
			if ab == words.AboutAnyone {
				break // a rounded amount said of no one mentions nothing
			}
			m.addApprox(p.fact, n.First, n.Last, ab)
			m.hits[len(m.hits)-1].Said = n.Value
		}
	}
	for _, sp := range m.Spans() {
		m.findInSpan(sp)
	}
}

// frame reads whose an amount of a goal is said to be and whether it is
// said as a limit or target: a limit word ("budget", "afford", "most")
// within three words before it or two after it.
func (m *Matcher) frame(h *Match, n amount.Number) {
	toks := m.Words.Tokens
	if m.personBefore(n.First) {
		h.About = m.Near.AmountAbout(int(toks[n.First].From))
	}
	isLimit := func(w string) bool { return limitWords[w] }
	h.Framed = slices.ContainsFunc(m.Near.WordsBefore(int(toks[n.First].From), 3), isLimit) ||
		slices.ContainsFunc(m.Near.WordsAfter(m.Words.To(&toks[n.Last]), len(m.Words.Src), 2), isLimit)
}

// limitWords say that an amount is a limit or a target.
var limitWords = words.WordSet(`budget budgets limit limits max maximum most afford target cap ceiling aside spend
	spare least minimum bottom`)

// firstPrice is the index of the first price fact at v or above.
func (m *Matcher) firstPrice(v float64) int {
	lo, hi := 0, len(m.prices)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.prices[mid].value < v {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// cents reports whether two amounts within a price's tolerance are
// still two: where either has cents, a cent apart ($17.33 is not a
// $17.30 target, nor $30.20 a $30 one).
func cents(said, fact float64) bool {
	return (said != math.Trunc(said) || fact != math.Trunc(fact)) && math.Abs(said-fact) >= 0.005
}

// rounded reports whether an amount is a round one, as people say a figure
// they round (450 for 454, seven thousand for 6,800): a whole multiple of
// five.
func rounded(v float64) bool {
	return v == math.Trunc(v) && v < 1e15 && int64(v)%5 == 0
}

// personBefore reports whether a first- or second-person word (noted by
// the scanner) stands in the clause before token k, near enough for
// amountAbout to read: without one, no one is said to own the amount,
// and the raw text need not be read.
func (m *Matcher) personBefore(k int) bool {
	t := &m.Words.Tokens[k]
	for i := len(m.Words.People) - 1; i >= 0; i-- {
		p := m.Words.People[i]
		switch {
		case p.Pos >= t.Pos:
		case t.Pos-p.Pos > 10 || p.Clause != t.Clause:
			return false
		default:
			return true
		}
	}
	return false
}

// findInSpan adds the approximate mentions of the facts that lie in a
// span, past the tolerance of its ends (an end is a mention of its own).
func (m *Matcher) findInSpan(sp amount.Span) {
	lo := m.firstPrice(sp.Lo)
	checked, ab := false, words.AboutAnyone
	for i := lo; i < len(m.prices) && m.prices[i].value <= sp.Hi; i++ {
		p := m.prices[i]
		if sp.First != sp.Last && (math.Abs(p.value-sp.Lo) <= p.tol || math.Abs(p.value-sp.Hi) <= p.tol) {
			continue // an end of a range, said as it is
		}
		if !checked {
			checked = true
			if m.personBefore(sp.First) {
				ab = m.Near.AmountAbout(int(m.Words.Tokens[sp.First].From))
			}
		}
		if ab != words.AboutAnyone {
			m.addApprox(p.fact, sp.First, sp.Last, ab)
		}
	}
}

func (m *Matcher) findSequences() {
	toks := m.Words.Tokens
	for k := range toks {
		e := toks[k].E
		if e == nil {
			continue
		}
	seqs:
		for _, id := range e.SeqEnd {
			s := m.seqs[id]
			first := k - len(s.words)
			if first < 0 || toks[k].Pos-toks[first].Pos != int32(len(s.words)) {
				continue
			}
			for j, w := range s.words {
				if m.Words.Text(&toks[first+j]) != w {
					continue seqs
				}
			}
			if r, _ := utf8.DecodeRuneInString(m.Words.Src[toks[first].From:]); s.proper && !unicode.IsUpper(r) {
				continue
			}
			m.add(s.fact, first, k)
			m.hits[len(m.hits)-1].About = s.about
		}
	}
}

func (m *Matcher) findKeyPhrases() {
	toks := m.Words.Tokens
	m.touched = m.touched[:0]
	m.unitHits = m.unitHits[:0]
	for k := range toks {
		t := &toks[k]
		if t.E == nil {
			continue
		}
		for _, r := range t.E.KeyOf {
			h := &m.keyHits[r.Phrase]
			p := m.keys[r.Phrase]
			if h.scope < 0 {
				m.touched = append(m.touched, r.Phrase)
			}
			scope := t.Sentence
			if p.unit >= 0 {
				scope = t.Clause
			}
			if h.scope != scope || h.mask == 0 {
				*h = keyHit{scope: scope, start: t.Start, firstTok: k}
			}
			h.mask |= r.Bit
			if h.mask != 1<<p.n-1 {
				continue
			}
			h.mask = 0 // a repeat in the same sentence counts again
			if p.unit >= 0 {
				m.unitHits = append(m.unitHits, unitHit{fact: p.fact, unit: int(p.unit), weight: int(p.weight), clause: t.Clause,
					start: h.start, end: t.End, firstTok: h.firstTok, lastTok: k})
				continue
			}
			m.hits = append(m.hits, Match{Fact: p.fact, Start: int(h.start), End: int(t.End), Weight: Whole,
				Negated: !p.own && m.negated(h.firstTok, false),
				About:   m.Near.PhraseAbout(int(toks[h.firstTok].From), m.Words.To(t))})
		}
	}
	for _, id := range m.touched {
		m.keyHits[id] = keyHit{scope: -1}
	}
}

// findTold weighs what each clause says of each told fact: the sum of
// the distinct words of the fact it says (clauseWeight), one mention from
// the first of them to the last. The annotator decides which weights
// state the fact (for its owner, for the others).
func (m *Matcher) findTold() {
	hs := m.unitHits
	slices.SortFunc(hs, func(a, b unitHit) int {
		if a.fact != b.fact {
			return a.fact - b.fact
		}
		if a.clause != b.clause {
			return int(a.clause - b.clause)
		}
		return int(a.start - b.start)
	})
	toks := m.Words.Tokens
	for i := 0; i < len(hs); {
		j, g := i+1, hs[i]
		for ; j < len(hs) && hs[j].fact == g.fact && hs[j].clause == g.clause; j++ {
			if hs[j].end > g.end {
				g.end, g.lastTok = hs[j].end, hs[j].lastTok
			}
		}
		m.hits = append(m.hits, Match{Fact: g.fact, Start: int(g.start), End: int(g.end), Weight: clauseWeight(hs[i:j]),
			Negated: m.negated(g.firstTok, false),
			About:   m.Near.PhraseAbout(int(toks[g.firstTok].From), m.Words.To(&toks[g.lastTok]))})
		i = j
	}
}

// clauseWeight sums the weights of one clause's words of a fact, the
// heaviest first, each word once and each token once: a word said twice,
// or a word and its synonym read in one token ("minutes" as "minute"),
// count once.
func clauseWeight(hs []unitHit) int {
	slices.SortFunc(hs, func(a, b unitHit) int {
		if a.weight != b.weight {
			return b.weight - a.weight
		}
		return (b.lastTok - b.firstTok) - (a.lastTok - a.firstTok)
	})
	weight := 0
	for k, h := range hs {
		if !slices.ContainsFunc(hs[:k], func(o unitHit) bool {
			return o.unit == h.unit || o.firstTok <= h.lastTok && h.firstTok <= o.lastTok
		}) {
			weight += h.weight
		}
	}
	return weight
}

// add records a mention of fact spanning tokens first..last.
func (m *Matcher) add(fact, first, last int) {
	toks := m.Words.Tokens
	price := m.Facts[fact].Kind == scenario.FactPrice
	m.hits = append(m.hits, Match{Fact: fact, Start: int(toks[first].Start), End: int(toks[last].End), Weight: Whole,
		Negated: m.negated(first, price)})
}

// addApprox records an approximate mention of a price fact, said to be
// the speaker's or the listener's.
func (m *Matcher) addApprox(fact, first, last int, ab words.About) {
	m.add(fact, first, last)
	h := &m.hits[len(m.hits)-1]
	h.Approximate, h.About = true, ab
}

// negated reports whether a negation word stands within words.NegationWindow
// words before token k in the same clause. Before an amount, a negation
// that states a bound ("can't go past 580", "not a cent over 1,100", "no
// more than 600") asserts the amount: it is not negated.
func (m *Matcher) negated(k int, amount bool) bool {
	toks := m.Words.Tokens
	for j := k - 1; j >= 0 && toks[k].Pos-toks[j].Pos <= words.NegationWindow; j-- {
		if toks[j].Clause != toks[k].Clause {
			return false
		}
		if toks[j].Neg || toks[j].E != nil && toks[j].E.Kind == words.NegWord {
			return !amount || !m.boundBetween(j, k)
		}
	}
	return false
}

// boundBetween reports whether a word that states a bound (boundWords)
// stands between tokens j and k.
func (m *Matcher) boundBetween(j, k int) bool {
	toks := m.Words.Tokens
	for _, w := range m.Near.WordsAfter(m.Words.To(&toks[j]), int(toks[k].From), words.NegationWindow) {
		if words.Is(w, words.BoundWords) {
			return true
		}
	}
	return false
}

// Amounts are the amounts the text given to the last Find says, where
// the matcher reads amounts (it has price facts); the next Find reuses
// them.
func (m *Matcher) Amounts() []amount.Number { return m.nums }

// Covers reports whether v is the amount of one of the price facts,
// within its tolerance.
func (m *Matcher) Covers(v float64) bool {
	for _, p := range m.prices {
		if math.Abs(p.value-v) <= p.tol {
			return true
		}
	}
	return false
}
