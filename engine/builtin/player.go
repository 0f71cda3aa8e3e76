package builtin

import (
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// player produces one seat's turns from its knowledge and the history.
type player struct {
	k       knowledge
	bargain *bargainer
	friends *friendFinder
	free    *freePlayer
	item    string
	detail  string        // the listing's first sentence, quoted as written
	pools   *bargainPools // the sentences that suit the listing's scene
	wording uint64        // the scenario's part in the wording dice
	// plan is the SCRIPT writer's scene; nil for a separate player, who
	// argues with a partner whose next move it cannot write.
	plan *scriptPlan
	said *transcript
}

func newPlayer(k knowledge, t temperament, s bargainSettings, plan *scriptPlan, ep *shared) (*player, error) {
	p := &player{k: k, plan: plan, said: &ep.said}
	switch k.family {
	case scenario.Craigslist:
		b, err := newBargainer(k, t, s, &ep.reads, plan != nil)
		if err != nil {
			return nil, err
		}
		p.bargain, p.item, p.detail = b, itemName(k.listing), firstSentence(k.listing)
		p.pools, p.wording = poolsFor(sceneOf(k.listing)), scenarioHash(k.scenarioID)
	case scenario.MutualFriends:
		p.friends = newFriendFinder(k)
	case scenario.Sotopia:
		p.free, p.wording = newFreePlayer(k, t), scenarioHash(k.scenarioID)
	}
	return p, nil
}

func (p *player) writer() bool { return p.plan != nil }

// act plays one turn. The dice of the seed, seat and turn choose what the
// mutual friends players say and do and a free-form player's moves; a
// Craigslist turn's moves need no dice; the words of both come from dice
// that also know the scenario.
func (p *player) act(history []run.Turn, turn int, seed int64) event.Action {
	switch {
	case p.bargain != nil:
		return p.bargainAction(history, turn, seed)
	case p.free != nil:
		s := newSpeech(newWordingDice(seed, p.wording, p.k.seat, turn), p.said, history, slots{})
		s.oldest = true
		return p.free.act(s, history, p.k.seat, p.writer(), newDice(seed, p.k.seat, turn))
	}
	return p.friendsAction(history, newDice(seed, p.k.seat, turn))
}

func (p *player) bargainAction(history []run.Turn, turn int, seed int64) event.Action {
	var m move
	if p.plan != nil {
		m = p.bargain.scripted(p.plan, history, p.k.seat, turn)
	} else {
		m = p.bargain.decide(history, p.k.seat, turn)
	}
	side := 0
	if p.bargain.sign < 0 {
		side = 1
	}
	sl := slots{price: money(m.price), item: p.item, detail: p.detail}
	knowing := bargainKnowing[side]
	switch b := p.bargain; {
	case b.partnerTargetOnly:
		// Without a partner's limit to give away, the writer gives away
		// the price the partner hopes for.
		sl.other = money(roundLimit(-b.sign, b.partnerTarget, b.step))
		knowing = bargainKnowingTarget[side]
	case b.partnerLimitKnown:
		sl.other = money(b.partnerLimit)
	}
	words := newWordingDice(seed, p.wording, p.k.seat, turn)
	s := newSpeech(words, p.said, history, sl)
	s.oldest = true
	pl := p.pools
	answered := m.act != actLeave && p.answerQuestion(s, history, side)
	s.add(pl.acts[m.act][side])
	a := event.Action{Type: event.Speak}
	switch m.act {
	case actOpen, actCounter, actHold, actFinalCall:
		a.Price = event.PriceOf(m.price)
		if p.writer() {
			p.writerSupport(s, m.act, side, knowing, writerTell(seed, p.k.seat, turn))
		} else {
			p.support(s, m.act, side, history, answered)
		}
	case actClose, actUltimatum:
		a.Type, a.Price = event.Offer, event.PriceOf(m.price)
		if m.act == actClose {
			s.add(pl.afterDeal[side])
		} else {
			s.add(pl.reasons[side])
		}
	case actAccept:
		a.Type = event.Accept
		s.add(pl.afterDeal[side])
	case actReject:
		a.Type = event.Reject
		if !answered {
			s.add(pl.smallTalk[side])
		}
	case actLeave:
		a.Type = event.Leave
	case actStall:
		if !answered {
			s.add(pl.smallTalk[side])
		}
	}
	a.Text = s.text(bargainSpare)
	return a
}

// writerTell is the dice of the writer's tells: whether a turn leans on
// what its speaker could not know, and with which sentence. They are the
// turn's own dice, as when one stream chose every word, past the first
// draw, which chose the act's sentence then and the wording dice choose
// now: so the SCRIPT writer's leaks per seed stay the ones studies measured.
func writerTell(seed int64, seat, turn int) *dice {
	d := newDice(seed, seat, turn)
	d.src.Uint64()
	return d
}

// writerSupport adds the one sentence the writer backs a price with,
// often one that leans on what the speaker could not know.
func (p *player) writerSupport(s *speech, act bargainAct, side int, knowing []string, tell *dice) {
	switch {
	case act != actFinalCall && tell.chance(0.5):
		s.addFrom(tell, knowing)
	case act == actOpen && p.quotable(s):
		s.add(p.pools.listing[side])
	default:
		s.add(p.pools.reasons[side])
	}
}

// support adds what backs a separate player's price: a reason, or on a
// hold that the price is fair or already conceded, but not in two holds
// running, so a long stalemate does not say it every turn; then a
// question, small talk or another reason, unless the turn answered a
// question already.
func (p *player) support(s *speech, act bargainAct, side int, history []run.Turn, answered bool) {
	pl := p.pools
	switch {
	case act == actHold && p.backedLastHold(history, side):
		s.add(pl.reasons[side])
	case act == actHold && p.bargain.conceded(history, p.k.seat):
		s.add(pl.moved[side])
	case act == actHold:
		s.add(pl.firm[side])
	default:
		s.add(pl.reasons[side])
	}
	if answered {
		return
	}
	switch r := s.d.intn(3); {
	case act == actOpen && p.quotable(s) && r < 2:
		s.add(pl.listing[side])
	case r == 0:
		s.add(pl.questions[side])
	case r == 1:
		s.add(pl.smallTalk[side])
	default:
		s.add(pl.reasons[side])
	}
}

// backedLastHold reports whether this seat's latest turn already said its
// price was fair or conceded.
func (p *player) backedLastHold(history []run.Turn, side int) bool {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Seat != p.k.seat {
			continue
		}
		text := history[i].Action.Text
		for _, pool := range [][]string{p.pools.moved[side], p.pools.firm[side]} {
			for _, l := range pool {
				if strings.Contains(text, l) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// answerQuestion answers, briefly, a question the partner's latest turn
// asked, and reports whether it did.
func (p *player) answerQuestion(s *speech, history []run.Turn, side int) bool {
	if len(history) == 0 || history[len(history)-1].Seat == p.k.seat {
		return false
	}
	about, ok := askedAbout(history[len(history)-1].Action.Text, 1-side)
	if !ok || len(p.pools.answers[about][side]) == 0 {
		return false
	}
	s.add(p.pools.answers[about][side])
	return true
}

// quotable reports whether the listing has a sentence nobody quoted yet.
func (p *player) quotable(s *speech) bool {
	return p.detail != "" && !strings.Contains(s.said, p.detail)
}

func (p *player) friendsAction(history []run.Turn, d *dice) event.Action {
	f := p.friends
	st := f.read(history, p.k.seat)
	s := newSpeech(d, p.said, history, slots{})
	switch {
	case len(st.asked) > 0:
		p.answer(s, st.asked, st.askedForm)
	case st.askedUnknown && st.unknownForm == askOpen:
		// "What are your friends like?" is not answered "No".
		s.add(friendsLines[actLookingUp])
	case st.askedUnknown:
		s.add(friendsLines[actNo])
	}
	if st.unknownName != "" {
		s.sl.name = textsafe.Clean(st.unknownName)
		s.add(friendsLines[actUnknownName])
	}
	possible, focus := f.candidates(st)
	switch {
	case st.named >= 0:
		return p.selectFriend(s, st.named, actConfirm)
	case len(possible) == 1 && (p.writer() || f.onBoth == nil || f.checked(possible[0], st)):
		// The writer names the friend at once, knowingly; a mind reader
		// who knows it still checks one of its values with the partner
		// first.
		if p.writer() && len(f.theirsOnly) > 0 {
			p.hunch(s, d)
		}
		return p.selectFriend(s, possible[0], actSelect)
	case len(focus) == 0:
		s.add(friendsLines[actStuck])
		return event.Action{Type: event.Speak, Text: s.text(friendsSpare)}
	}
	v := -1
	if len(focus) == 1 {
		// One friend fits what the partner said, but others are still
		// possible (or, for a mind reader, not yet checked): check one of
		// its values before naming it.
		v = f.unconfirmed(focus[0], st)
		if v >= 0 && f.onBoth != nil && len(f.theirsOnly) > 0 {
			// A mind reader cannot help showing what it knows.
			p.hunch(s, d)
		}
	} else {
		v = f.bestSplit(focus, st, d)
	}
	if v < 0 {
		// Nothing left to ask that tells the candidates apart: name one.
		return p.selectFriend(s, focus[d.intn(len(focus))], actSelect)
	}
	s.sl.one, s.sl.many = verbsFor(f.values[v].attr, f.values[v].value)
	act := actAsk
	if f.count(v) > 1 && d.chance(0.3) {
		act = actInformAsk
	}
	s.add(friendsLines[act])
	return event.Action{Type: event.Speak, Text: s.text(friendsSpare)}
}

// hunch says something only the partner's list shows.
func (p *player) hunch(s *speech, d *dice) {
	t := p.friends.theirsOnly[d.intn(len(p.friends.theirsOnly))]
	s.sl.one, s.sl.many = verbsFor(t.attr, t.value)
	s.add(friendsLines[actHunch])
}

// answer says, truthfully from the whole list, how many friends have each
// value the partner asked about, in words that fit how it asked.
func (p *player) answer(s *speech, asked []int, form questionForm) {
	f := p.friends
	seen := map[int]bool{}
	for _, v := range asked {
		if seen[v] || len(seen) == 2 {
			continue
		}
		seen[v] = true
		n := f.count(v)
		s.sl.one, s.sl.many = verbsFor(f.values[v].attr, f.values[v].value)
		s.sl.count = countWord(n)
		s.add(friendsLines[yesAct(form, n)])
	}
}

func (p *player) selectFriend(s *speech, i int, act friendsAct) event.Action {
	name := p.friends.mine[i].Name
	s.sl.name = textsafe.Clean(name)
	s.add(friendsLines[act])
	return event.Action{Type: event.Select, Friend: name, Text: s.text(friendsSpare)}
}

// firstSentence is the first sentence of the listing's description worth
// quoting: one of three words or more, not a label like "Monthly rent.".
// It is cleaned because scenario files are written by anyone; empty
// without one.
func firstSentence(l *view.PublicListing) string {
	if l == nil {
		return ""
	}
	d := strings.TrimSpace(strings.ReplaceAll(textsafe.Clean(l.Description), "\n", " "))
	for {
		s, rest, more := strings.Cut(d, ". ")
		if more {
			s += "."
		}
		if len(strings.Fields(s)) >= 3 || !more {
			d = s
			break
		}
		d = strings.TrimSpace(rest)
	}
	if d != "" && !strings.ContainsAny(d[len(d)-1:], ".!?") {
		d += "."
	}
	return d
}
