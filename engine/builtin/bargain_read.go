package builtin

import (
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
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
}

func readBargainMove(a event.Action, listing float64) bargainMove {
	var m bargainMove
	if a.Price != nil {
		m.price, m.hasPrice = *a.Price, true
	} else if a.Type != event.Accept && a.Type != event.Reject {
		// An accept or reject that repeats the offer's price names no new one.
		m.price, m.hasPrice = lastPrice(a.Text, listing)
	}
	text := strings.ToLower(a.Text)
	// Only a structured price opens an offer the referee can settle; an
	// offer written in words is answered with a formal offer of one's own.
	m.formal = a.Type == event.Offer && a.Price != nil
	if m.hasPrice {
		m.final = containsAny(text, finalCues)
	} else {
		m.agree = a.Type == event.Accept || containsAny(text, agreeCues) && !negated(text)
	}
	return m
}

// moveKey is what a turn's reading depends on.
type moveKey struct {
	text  string
	typ   event.ActionType
	price float64
	has   bool
}

// readings cache how turns read, shared by the players of one episode:
// every turn reads the whole history again, and a reading depends on the
// action and the listing alone, which both players share.
type readings map[moveKey]bargainMove

// readMove reads a turn, once per episode.
func (b *bargainer) readMove(a event.Action) bargainMove {
	k := moveKey{text: a.Text, typ: a.Type, has: a.Price != nil}
	if k.has {
		k.price = *a.Price
	}
	if m, ok := b.reads[k]; ok {
		return m
	}
	m := readBargainMove(a, b.listing)
	if b.reads != nil {
		b.reads[k] = m
	}
	return m
}

// bargainState is a negotiation rebuilt from the history, from the point of
// view of one seat. Nothing is carried between turns: a human may have
// played some of this seat's turns.
type bargainState struct {
	myLast       float64 // this seat's latest price
	myFirst      float64
	partnerFirst float64
	haveMine     bool
	myFinal      bool // this seat has called a price its limit
	partnerLast  float64
	partnerBest  float64 // the partner's price best for this seat so far
	havePartner  bool
	partnerFinal bool // the partner called partnerLast its limit
	// stillSinceMyMove counts the partner's turns that gave no ground
	// since this seat's latest concession, and stillSinceMyFinal those
	// since this seat first called its limit.
	stillSinceMyMove  int
	stillSinceMyFinal int
	// The partner's latest turn, which this turn answers.
	partnerFormal bool
	partnerAgreed bool
}

func (b *bargainer) read(history []run.Turn, seat int) bargainState {
	var st bargainState
	for i, t := range history {
		m := b.readMove(t.Action)
		if t.Seat == seat {
			if m.hasPrice {
				if !st.haveMine {
					st.myFirst = m.price
				}
				if st.haveMine && b.better(st.myLast, m.price) {
					st.stillSinceMyMove = 0
				}
				st.myLast, st.haveMine = m.price, true
			}
			st.myFinal = st.myFinal || m.final
			continue
		}
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
		}
	}
	return st
}

// conceded reports whether seat has ever named a price other than its
// first.
func (b *bargainer) conceded(history []run.Turn, seat int) bool {
	first, have := 0.0, false
	for _, t := range history {
		if t.Seat != seat {
			continue
		}
		m := b.readMove(t.Action)
		switch {
		case !m.hasPrice:
		case !have:
			first, have = m.price, true
		case m.price != first:
			return true
		}
	}
	return false
}
