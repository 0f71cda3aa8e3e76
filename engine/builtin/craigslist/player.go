package craigslist

import (
	"math"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/scenario"
)

// player plays one side of a negotiation from its knowledge and the
// history.
type player struct {
	k       builtin.Knowledge
	bargain *bargainer
	item    string
	thing   string        // the item in a word: "bike"
	detail  string        // the listing's first sentence, quoted as written
	pools   *bargainPools // the sentences that suit the listing's scene
	wording uint64        // the scenario's part in the wording dice
	// plan is the SCRIPT writer's scene; nil for a separate player, who
	// argues with a partner whose next move it cannot write.
	plan *scriptPlan
	said *talk.Transcript
}

func newPlayer(k builtin.Knowledge, listing *cl.PublicListing, t talk.Temperament, s talk.Settings, plan *scriptPlan, ep *shared) (*player, error) {
	b, err := newBargainer(k, listing, t, s, &ep.reads, plan != nil)
	if err != nil {
		return nil, err
	}
	item, scene := itemName(listing), sceneOf(listing)
	return &player{k: k, bargain: b, item: item, thing: thingName(item, scene), detail: firstSentence(listing),
		pools: poolsFor(scene), wording: talk.ScenarioHash(k.ScenarioID), plan: plan, said: &ep.said}, nil
}

func (p *player) writer() bool { return p.plan != nil }

// Act plays one turn. Its moves need no dice; its words come from dice
// that also know the scenario.
func (p *player) Act(history []event.Turn, turn int, seed int64) event.Action {
	var m move
	if p.plan != nil {
		m = p.bargain.scripted(p.plan, history, p.k.Seat, turn)
	} else {
		m = p.bargain.decide(history, p.k.Seat, turn)
	}
	side := 0
	if p.bargain.sign < 0 {
		side = 1
	}
	st := p.bargain.read(history, p.k.Seat)
	sl := talk.Slots{Price: money(m.price), Item: p.item, Thing: p.thing, Detail: p.detail}
	knowing := bargainKnowing[side]
	switch b := p.bargain; {
	case b.partnerTargetOnly:
		// Without a partner's limit to give away, the writer gives away
		// the price the partner hopes for.
		sl.Other = money(roundLimit(-b.sign, b.partnerTarget, b.step))
		knowing = bargainKnowingTarget[side]
	case b.partnerLimitKnown:
		sl.Other = money(b.partnerLimit)
	}
	words := talk.NewWordingDice(seed, p.wording, p.k.Seat, turn)
	s := talk.NewSpeech(words, p.said, history, sl)
	s.Oldest = true
	pl := p.pools
	if p.reactsToPrice(m.act, st) {
		again := 0
		if st.partnerFirst != st.partnerLast {
			again = 1
		}
		// The partner's price is said back, unless it is one of this
		// side's own secret numbers.
		back := 1
		if p.ownNumber(st.partnerLast) {
			back = 0
		}
		s.Slots.Offer = money(st.partnerLast)
		s.Add(pl.outOfReach[side][again][back])
	}
	answered := m.act != actLeave && p.answerQuestion(s, history, side)
	s.Add(p.moveLine(m, st, side))
	a := event.Action{Type: event.Speak}
	switch m.act {
	case actOpen, actCounter, actHold, actFinalCall:
		a.Arg = cl.Price(m.price)
		if p.writer() {
			p.writerSupport(s, m.act, side, knowing, writerTell(seed, p.k.Seat, turn))
		} else {
			p.support(s, m.act, side, history, answered)
		}
	case actClose, actUltimatum:
		a.Type, a.Arg = event.Offer, cl.Price(m.price)
		if m.act == actClose {
			p.add(s, pl.after[side])
		} else {
			p.add(s, pl.reasons[side])
		}
	case actAccept:
		a.Type = event.Accept
		p.add(s, pl.after[side])
	case actReject:
		a.Type = event.Reject
		if !answered {
			p.add(s, pl.smallTalk[side])
		}
	case actLeave:
		a.Type = event.Leave
	case actStall:
		if !answered {
			p.add(s, pl.smallTalk[side])
		}
	}
	a.Text = s.Text(bargainSpare)
	return a
}

// reactsToPrice reports whether the turn first takes in the partner's
// new price because it is far from what this side can take: a lowball
// offer or a steep asking price gets a word before the counter, when the
// turn names a price of its own.
func (p *player) reactsToPrice(act bargainAct, st bargainState) bool {
	switch act {
	case actOpen, actCounter, actHold, actFinalCall:
		return st.partnerMoved && p.bargain.outOfReach(st.partnerLast, st)
	}
	return false
}

// ownNumber reports whether price p is one of this seat's own secret
// prices, as the annotator would match it.
func (p *player) ownNumber(v float64) bool {
	for _, f := range p.k.Self.Facts {
		if f.Kind == scenario.FactPrice && f.Number != nil && math.Abs(*f.Number-v) <= max(f.Tolerance, 1e-9) {
			return true
		}
	}
	return false
}

// moveLine is the pool of the sentence that carries the move: a counter
// that gives a real part of the gap may say it meets the partner
// partway, one at the middle of the gap that it meets in the middle;
// others say neither.
func (p *player) moveLine(m move, st bargainState, side int) []string {
	pl := p.pools
	if m.act != actCounter {
		return pl.acts[m.act][side]
	}
	middle := (st.myLast + st.partnerLast) / 2
	switch g := share(m.price, st); {
	case math.Abs(m.price-middle) <= p.bargain.step/2 && g > 0 && g < 1:
		return pl.middle
	case g >= 0.25 && g < 1:
		return pl.partway[side]
	}
	return pl.acts[actCounter][side]
}

// writerTell is the dice of the writer's tells: whether a turn leans on
// what its speaker could not know, and with which sentence. They are the
// turn's own dice, as when one stream chose every word, past the first
// draw, which chose the act's sentence then and the wording dice choose
// now: so the SCRIPT writer's leaks per seed stay the ones studies measured.
func writerTell(seed int64, seat, turn int) *talk.Dice {
	d := talk.NewDice(seed, seat, turn)
	d.Skip()
	return d
}

// writerSupport adds the one sentence the writer backs a price with,
// often one that leans on what the speaker could not know.
func (p *player) writerSupport(s *talk.Speech, act bargainAct, side int, knowing []string, tell *talk.Dice) {
	switch {
	case act != actFinalCall && tell.Chance(0.5):
		s.AddFrom(tell, knowing)
	case act == actOpen && p.quotable(s):
		s.Add(p.pools.listing[side])
	default:
		p.add(s, p.pools.reasons[side])
	}
}

// support adds what backs a separate player's price: a reason, or on a
// hold that the price is fair or already conceded, but not in two holds
// running, so a long stalemate does not say it every turn; then a
// question, small talk or another reason, unless the turn answered a
// question already.
func (p *player) support(s *talk.Speech, act bargainAct, side int, history []event.Turn, answered bool) {
	pl := p.pools
	switch {
	case act == actHold && p.backedLastHold(history, side):
		p.add(s, pl.reasons[side])
	case act == actHold && p.bargain.conceded(history, p.k.Seat):
		p.add(s, pl.moved[side])
	case act == actHold:
		p.add(s, pl.firm[side])
	default:
		p.add(s, pl.reasons[side])
	}
	if answered {
		return
	}
	switch r := s.Dice.Intn(3); {
	case act == actOpen && p.quotable(s) && r < 2:
		s.Add(pl.listing[side])
	case r == 0:
		s.Add(pl.questions[side])
	case r == 1:
		p.add(s, pl.smallTalk[side])
	default:
		p.add(s, pl.reasons[side])
	}
}

// backedLastHold reports whether this seat's latest turn already said its
// price was fair or conceded.
func (p *player) backedLastHold(history []event.Turn, side int) bool {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Seat != p.k.Seat {
			continue
		}
		text := history[i].Action.Text
		for _, pool := range []sentences{p.pools.moved[side], p.pools.firm[side]} {
			for _, l := range pool.all {
				if saysTemplate(text, l) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// saysTemplate reports whether text says template t, whatever fills its
// slots: its words between the slots come in order.
func saysTemplate(text, t string) bool {
	for t != "" {
		part, rest, _ := strings.Cut(t, "{")
		if len(part) > 1 { // a slot's closing brace leaves a lone "." or "?"
			i := strings.Index(text, part)
			if i < 0 {
				return false
			}
			text = text[i+len(part):]
		}
		_, t, _ = strings.Cut(rest, "}")
	}
	return true
}

// add says a sentence of pool, one that does not name the item again if
// the turn has named it, while such a sentence is left unsaid.
func (p *player) add(s *talk.Speech, pool sentences) {
	if p.thing != "" && s.Saying(p.thing) && slices.ContainsFunc(pool.plain, func(l string) bool { return !s.Has(talk.Render(l, s.Slots)) }) {
		s.Add(pool.plain)
		return
	}
	s.Add(pool.all)
}

// answerQuestion answers, briefly, a question the partner's latest turn
// asked, and reports whether it did.
func (p *player) answerQuestion(s *talk.Speech, history []event.Turn, side int) bool {
	if len(history) == 0 || history[len(history)-1].Seat == p.k.Seat {
		return false
	}
	about, ok := askedAbout(history[len(history)-1].Action.Text, 1-side)
	if !ok || len(p.pools.answers[about][side]) == 0 {
		return false
	}
	s.Add(p.pools.answers[about][side])
	return true
}

// quotable reports whether the listing has a sentence nobody quoted yet.
func (p *player) quotable(s *talk.Speech) bool {
	return p.detail != "" && !strings.Contains(s.Said(), p.detail)
}
