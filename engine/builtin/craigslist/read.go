package craigslist

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/words"
)

// bargainMove is what one turn of a negotiation said, read from its
// structured action when present and otherwise from its words, since the
// speaker may be a model or a human.
type bargainMove struct {
	price    float64
	hasPrice bool
	final    bool // the speaker called the price its limit
	formal   bool // a formal offer with a price
	agree    bool // agreement without a new price
	middle   bool // a call to meet in the middle without a price
	// noise says nothing a bargainer can read: no price, no cue, not one
	// ordinary word ("asdf qwer").
	noise bool
}

func readBargainMove(a event.Action, listing float64) bargainMove {
	var m bargainMove
	p, priced := cl.PriceOf(a)
	if priced {
		m.price, m.hasPrice = p, true
	} else if a.Type != event.Accept && a.Type != event.Reject {
		// An accept or reject that repeats the offer's price names no new one.
		m.price, m.hasPrice = lastPrice(a.Text, listing)
	}
	// Only a structured price opens an offer the referee can settle; an
	// offer written in words is answered with a formal offer of one's own.
	m.formal = a.Type == event.Offer && priced
	if m.hasPrice {
		m.final = finalOf(a.Text, m.price, listing)
	} else {
		text := strings.ToLower(a.Text)
		m.agree = a.Type == event.Accept || agreeCues.In(text) && !talk.Negated(text)
		m.middle = a.Type == event.Speak && middleCues.In(text) && !talk.Negated(text)
		m.noise = a.Type == event.Speak && !m.agree && !m.middle && !slices.ContainsFunc(strings.FieldsFunc(text, func(r rune) bool { return !talk.IsWordRune(r) && r != '\'' }), words.Stopword)
	}
	return m
}

// finalOf reports whether text calls price its limit: a final cue in a
// clause that names price, or names no price at all ("That's my final
// offer: 500"). A cue about another price ("the most I can pay is 580,
// how about 500?") makes 580 the limit, not the 500 offered.
func finalOf(text string, price, listing float64) bool {
	// A clause holds a cue only if the whole text does, and most texts
	// hold none: they are read once, as written, not clause by clause.
	if !finalCues.MayBeIn(text) {
		return false
	}
	text = strings.ToLower(text)
	for rest := text; rest != ""; {
		var clause string
		clause, rest = cutClause(rest)
		if !finalCues.In(clause) {
			continue
		}
		p, priced := lastPrice(clause, listing)
		if !priced || p == price {
			return true
		}
	}
	return false
}

// cutClause cuts text after its first clause, which ends at a run of
// , . ; : ! or ? followed by white space or the end, so the comma of
// "$1,200" and the point of "1.5k" stay inside. rest starts after the
// run and the white space.
func cutClause(text string) (clause, rest string) {
	for i := 0; i < len(text); {
		if !isClausePunct(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isClausePunct(text[j]) {
			j++
		}
		k := j
		for k < len(text) && isClauseSpace(text[k]) {
			k++
		}
		if j == len(text) || k > j {
			return text[:i], text[k:]
		}
		i = j
	}
	return text, ""
}

func isClausePunct(c byte) bool {
	return c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?'
}

// isClauseSpace reports ASCII white space other than the vertical tab.
func isClauseSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// readings are how the turns of an episode read, by their place in the
// history, shared by its players: a reading depends on the action and the
// listing alone, which both players share.
type readings struct {
	moves []reading
}

type reading struct {
	action event.Action // what was read, to tell a different history apart
	move   bargainMove
}

// readMove reads turn i of the history, once per episode.
func (b *bargainer) readMove(i int, a event.Action) bargainMove {
	r := b.reads
	if i < len(r.moves) && sameAction(r.moves[i].action, a) {
		return r.moves[i].move
	}
	m := readBargainMove(a, b.listing)
	if i >= len(r.moves) {
		r.moves = append(r.moves, make([]reading, i+1-len(r.moves))...)
	}
	r.moves[i] = reading{action: a, move: m}
	return m
}

// sameAction reports whether two actions read the same: the same type,
// text and price.
func sameAction(a, c event.Action) bool {
	p, ok := cl.PriceOf(a)
	q, same := cl.PriceOf(c)
	return a.Type == c.Type && a.Text == c.Text && ok == same && (!ok || p == q)
}

// bargainState is a negotiation read from the history, from the point of
// view of one seat. It is built from the turns alone, whoever played
// them (a human may have played some of this seat's turns).
type bargainState struct {
	myLast       float64 // this seat's latest price
	myFirst      float64
	partnerFirst float64
	haveMine     bool
	myFinal      bool // this seat has called a price its limit
	myMoved      bool // this seat has named a price other than its first
	myPrices     int  // this seat's turns that named a price
	partnerLast  float64
	partnerBest  float64 // the partner's price best for this seat so far
	havePartner  bool
	partnerFinal bool // the partner called partnerLast its limit
	// stillSinceMyMove counts the partner's turns that gave no ground
	// since this seat's latest concession, and stillSinceMyFinal those
	// since this seat first called its limit.
	stillSinceMyMove  int
	stillSinceMyFinal int
	// The partner's latest turn, which this turn answers: a formal
	// offer, agreement, or a price other than the partner's one before
	// (or its first).
	partnerFormal bool
	partnerAgreed bool
	partnerMoved  bool
	partnerNoise  bool
}

// bargainReading is a seat's state after the first n turns of a history,
// kept so the next turn reads only the turns since.
type bargainReading struct {
	n    int
	last event.Turn // history[n-1] when it was read
	st   bargainState
}

// read brings seat's reading up to the end of history. A history that
// does not continue the one read before (a fork, another episode) is read
// from its start.
func (b *bargainer) read(history []event.Turn, seat int) bargainState {
	r := &b.readings[seat]
	if r.n > len(history) || r.n > 0 && !sameTurn(&history[r.n-1], &r.last) {
		*r = bargainReading{}
	}
	if r.n == len(history) {
		return r.st
	}
	st := &r.st
	st.partnerFormal, st.partnerAgreed, st.partnerMoved = false, false, false
	for i := r.n; i < len(history); i++ {
		t := &history[i]
		m := b.readMove(i, t.Action)
		if m.middle && st.haveMine && st.havePartner {
			// "Let's meet in the middle" names the price halfway between
			// the two sides' last prices.
			m.price, m.hasPrice = b.middleOf(st.myLast, st.partnerLast), true
		}
		if t.Seat == seat {
			if m.hasPrice {
				st.myPrices++
				if !st.haveMine {
					st.myFirst = m.price
				}
				st.myMoved = st.myMoved || st.haveMine && m.price != st.myFirst
				if st.haveMine && b.better(st.myLast, m.price) {
					st.stillSinceMyMove = 0
				}
				st.myLast, st.haveMine = m.price, true
			}
			st.myFinal = st.myFinal || m.final
			continue
		}
		havePartnerBefore, partnerBefore := st.havePartner, st.partnerLast
		if st.havePartner {
			if m.hasPrice && b.better(m.price, st.partnerLast) {
				st.stillSinceMyMove, st.stillSinceMyFinal = 0, 0
			} else {
				st.stillSinceMyMove++
				if st.myFinal {
					st.stillSinceMyFinal++
				}
			}
		}
		if m.hasPrice {
			if !st.havePartner {
				st.partnerFirst = m.price
			}
			if !st.havePartner || b.better(m.price, st.partnerBest) {
				st.partnerBest = m.price
			}
			st.partnerLast, st.havePartner = m.price, true
			st.partnerFinal = m.final
		}
		if i == len(history)-1 {
			st.partnerFormal = m.formal
			st.partnerAgreed = m.agree
			st.partnerNoise = m.noise
			st.partnerMoved = m.hasPrice && (!havePartnerBefore || m.price != partnerBefore)
		}
	}
	r.n, r.last = len(history), history[len(history)-1]
	return r.st
}

// sameTurn reports whether a turn is the one read before at its place.
func sameTurn(t, read *event.Turn) bool {
	return t.Number == read.Number && t.Seat == read.Seat && t.Action.Type == read.Action.Type && t.Action.Text == read.Action.Text
}

// conceded reports whether seat has ever named a price other than its
// first.
func (b *bargainer) conceded(history []event.Turn, seat int) bool {
	return b.read(history, seat).myMoved
}
