package builtin

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// player produces one seat's turns from its knowledge and the history.
type player struct {
	k       knowledge
	bargain *bargainer
	friends *friendFinder
	item    string
	// persuade adds reasons to offers: separate players argue with a
	// partner whose mind they cannot see; a writer does not.
	persuade bool
}

// reasonChance is how often a separate player backs a price with a reason.
const reasonChance = 0.6

func newPlayer(k knowledge, persuade bool) (*player, error) {
	p := &player{k: k, persuade: persuade}
	switch k.family {
	case scenario.Craigslist:
		b, err := newBargainer(k)
		if err != nil {
			return nil, err
		}
		p.bargain, p.item = b, itemName(k.listing)
	case scenario.MutualFriends:
		p.friends = newFriendFinder(k)
	}
	return p, nil
}

func (p *player) act(history []run.Turn, turn int, d *dice) event.Action {
	if p.bargain != nil {
		return p.bargainAction(history, turn, d)
	}
	return p.friendsAction(history, d)
}

func (p *player) bargainAction(history []run.Turn, turn int, d *dice) event.Action {
	m := p.bargain.decide(history, p.k.seat, turn)
	side := 0
	if p.bargain.sign < 0 {
		side = 1
	}
	text := render(d.pick(bargainLines[m.act][side]), slots{price: money(m.price), item: p.item})
	a := event.Action{Type: event.Speak}
	switch m.act {
	case actOpen, actCounter, actHold, actFinalCall:
		a.Price = event.PriceOf(m.price)
		if p.persuade && m.act != actFinalCall && d.chance(reasonChance) {
			text = joinSentences(text, d.pick(bargainReasons[side]))
		}
	case actClose, actUltimatum:
		a.Type, a.Price = event.Offer, event.PriceOf(m.price)
	case actAccept:
		a.Type = event.Accept
	case actReject:
		a.Type = event.Reject
	case actLeave:
		a.Type = event.Leave
	}
	a.Text = text
	return a
}

func (p *player) friendsAction(history []run.Turn, d *dice) event.Action {
	f := p.friends
	st := f.read(history, p.k.seat)
	var answer string
	switch {
	case len(st.asked) > 0:
		answer = p.answer(st.asked, d)
	case st.askedUnknown:
		answer = d.pick(friendsLines[actNo])
	}
	if st.unknownName != "" {
		answer = joinSentences(answer, render(d.pick(friendsLines[actUnknownName]), slots{name: textsafe.Clean(st.unknownName)}))
	}
	possible, focus := f.candidates(st)
	switch {
	case st.named >= 0:
		return p.selectFriend(st.named, answer, actConfirm, d)
	case len(possible) == 1:
		return p.selectFriend(possible[0], answer, actSelect, d)
	case len(focus) == 0:
		return event.Action{Type: event.Speak, Text: joinSentences(answer, d.pick(friendsLines[actStuck]))}
	}
	v := -1
	if len(focus) == 1 {
		// One friend fits what the partner said, but others are still
		// possible: check one of its values before naming it.
		v = f.unconfirmed(focus[0], st)
	} else {
		v = f.bestSplit(focus, st, d)
	}
	if v < 0 {
		// Nothing left to ask that tells the candidates apart: name one.
		return p.selectFriend(focus[d.intn(len(focus))], answer, actSelect, d)
	}
	one, many := verbsFor(f.values[v].attr, f.values[v].value)
	act := actAsk
	if f.count(v) > 1 && d.chance(0.3) {
		act = actInformAsk
	}
	return event.Action{Type: event.Speak, Text: joinSentences(answer, render(d.pick(friendsLines[act]), slots{one: one, many: many}))}
}

// answer says, truthfully from the whole list, how many friends have each
// value the partner asked about.
func (p *player) answer(asked []int, d *dice) string {
	f := p.friends
	var parts []string
	seen := map[int]bool{}
	for _, v := range asked {
		if seen[v] || len(parts) == 2 {
			continue
		}
		seen[v] = true
		n := f.count(v)
		one, many := verbsFor(f.values[v].attr, f.values[v].value)
		act := actYesMany
		if n == 1 {
			act = actYesOne
		}
		parts = append(parts, render(d.pick(friendsLines[act]), slots{one: one, many: many, count: countWord(n)}))
	}
	return joinSentences(parts...)
}

func (p *player) selectFriend(i int, answer string, act friendsAct, d *dice) event.Action {
	name := p.friends.mine[i].Name
	text := render(d.pick(friendsLines[act]), slots{name: textsafe.Clean(name)})
	return event.Action{Type: event.Select, Friend: name, Text: joinSentences(answer, text)}
}
