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
	detail  string // the listing's first sentence, quoted as written
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
	case scenario.MutualFriends:
		p.friends = newFriendFinder(k)
	case scenario.Sotopia:
		p.free = newFreePlayer(k, t)
	}
	return p, nil
}

func (p *player) writer() bool { return p.plan != nil }

func (p *player) act(history []run.Turn, turn int, d *dice) event.Action {
	switch {
	case p.bargain != nil:
		return p.bargainAction(history, turn, d)
	case p.free != nil:
		return p.free.act(newSpeech(d, p.said, history, slots{}), history, p.k.seat, p.writer(), d)
	}
	return p.friendsAction(history, d)
}

func (p *player) bargainAction(history []run.Turn, turn int, d *dice) event.Action {
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
	s := newSpeech(d, p.said, history, sl)
	s.add(bargainLines[m.act][side])
	a := event.Action{Type: event.Speak}
	switch m.act {
	case actOpen, actCounter, actHold, actFinalCall:
		a.Price = event.PriceOf(m.price)
		p.support(s, m.act, side, knowing, history, d)
	case actClose, actUltimatum:
		a.Type, a.Price = event.Offer, event.PriceOf(m.price)
		if m.act == actClose {
			s.add(bargainAfterDeal[side])
		} else {
			s.add(bargainReasons[side])
		}
	case actAccept:
		a.Type = event.Accept
		s.add(bargainAfterDeal[side])
	case actReject:
		a.Type = event.Reject
		s.add(bargainSmallTalk[side])
	case actLeave:
		a.Type = event.Leave
	case actStall:
		s.add(bargainSmallTalk[side])
	}
	a.Text = s.text(bargainSpare)
	return a
}

// support adds what backs a price. The writer adds one sentence, often one
// that leans on what the speaker could not know; separate players argue,
// ask and chat.
func (p *player) support(s *speech, act bargainAct, side int, knowing []string, history []run.Turn, d *dice) {
	if p.writer() {
		switch {
		case act != actFinalCall && d.chance(0.5):
			s.add(knowing)
		case act == actOpen && p.quotable(s):
			s.add(bargainListing[side])
		default:
			s.add(bargainReasons[side])
		}
		return
	}
	if act == actHold {
		if p.bargain.conceded(history, p.k.seat) {
			s.add(bargainMoved[side])
		} else {
			s.add(bargainFirm[side])
		}
	} else {
		s.add(bargainReasons[side])
	}
	switch r := d.intn(3); {
	case act == actOpen && p.quotable(s) && r < 2:
		s.add(bargainListing[side])
	case r == 0:
		s.add(bargainQuestions[side])
	case r == 1:
		s.add(bargainSmallTalk[side])
	default:
		s.add(bargainReasons[side])
	}
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
		p.answer(s, st.asked)
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
// value the partner asked about.
func (p *player) answer(s *speech, asked []int) {
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
		act := actYesMany
		if n == 1 {
			act = actYesOne
		}
		s.add(friendsLines[act])
	}
}

func (p *player) selectFriend(s *speech, i int, act friendsAct) event.Action {
	name := p.friends.mine[i].Name
	s.sl.name = textsafe.Clean(name)
	s.add(friendsLines[act])
	return event.Action{Type: event.Select, Friend: name, Text: s.text(friendsSpare)}
}

// firstSentence is the listing description's first sentence, cleaned
// because scenario files are written by anyone; empty without one.
func firstSentence(l *view.PublicListing) string {
	if l == nil {
		return ""
	}
	d := strings.TrimSpace(strings.ReplaceAll(textsafe.Clean(l.Description), "\n", " "))
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i+1]
	}
	if d != "" && !strings.ContainsAny(d[len(d)-1:], ".!?") {
		d += "."
	}
	return d
}
