// Package mutualfriends is the built-in players of the mutual friends
// game: each keeps the friends of its list the partner's words leave
// possible, asks about the value that splits them best, answers the
// partner's questions truthfully in the words they were asked in, and
// names the friend it is left with. The SCRIPT writer and a mind reader
// start from the friends both lists share.
package mutualfriends

import (
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

func init() { builtin.Register(scenario.MutualFriends, players) }

// players makes the players of an episode, who share what was said.
func players(views [2]view.View, _ int64) ([2]builtin.Player, error) {
	said := &talk.Transcript{}
	var out [2]builtin.Player
	for seat, v := range views {
		k := builtin.KnowledgeOf(v, seat)
		out[seat] = &player{seat: seat, writer: k.Writer, friends: newFriendFinder(k, mf.AttributesOf(v)), said: said}
	}
	return out, nil
}

// player plays one seat of the game.
type player struct {
	seat    int
	writer  bool // the SCRIPT writer's, who names the friend at once
	friends *friendFinder
	said    *talk.Transcript
}

// Act plays one turn. The dice of the seed, seat and turn choose what it
// says and does.
func (p *player) Act(history []event.Turn, turn int, seed int64) event.Action {
	d := talk.NewDice(seed, p.seat, turn)
	f := p.friends
	st := f.read(history, p.seat)
	s := talk.NewSpeech(d, p.said, history, talk.Slots{})
	switch {
	case len(st.asked) > 0:
		p.answer(s, st.asked, st.askedForm)
	case st.askedName != "":
		// "Do you know Caleb Ross?" is answered about Caleb Ross.
		s.Slots.Name = textsafe.Clean(st.askedName)
		s.Add(friendsLines[actUnknownName])
	case st.askedUnknown && st.unknownForm == askOpen:
		// "What are your friends like?" is not answered "No".
		s.Add(friendsLines[actLookingUp])
	case st.askedUnknown:
		s.Add(friendsLines[actNo])
	}
	if st.unknownName != "" {
		s.Slots.Name = textsafe.Clean(st.unknownName)
		s.Add(friendsLines[actUnknownName])
	}
	possible, focus := f.candidates(st)
	switch {
	case st.named >= 0:
		return p.selectFriend(s, st.named, actConfirm)
	case len(possible) == 1 && (p.writer || f.onBoth == nil || f.checked(possible[0], st)):
		// The writer names the friend at once, knowingly; a mind reader
		// who knows it still checks one of its values with the partner
		// first.
		if p.writer && len(f.theirsOnly) > 0 {
			p.hunch(s, d)
		}
		return p.selectFriend(s, possible[0], actSelect)
	case len(focus) == 0:
		s.Add(friendsLines[actStuck])
		return event.Action{Type: event.Speak, Text: s.Text(friendsSpare)}
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
		// Nothing left to ask that tells the candidates apart: ask about
		// one by name, and name one only when all have been asked about.
		if n := f.unaskedName(focus, st); n >= 0 && len(focus) > 1 {
			s.Slots.Name = textsafe.Clean(f.mine[n].Name)
			s.Add(friendsLines[actAskName])
			return event.Action{Type: event.Speak, Text: s.Text(friendsSpare)}
		}
		return p.selectFriend(s, focus[d.Intn(len(focus))], actSelect)
	}
	s.Slots.One, s.Slots.Many = verbsFor(f.values[v].attr, f.values[v].value)
	act := actAsk
	if f.count(v) > 1 && d.Chance(0.3) {
		act = actInformAsk
	}
	s.Add(friendsLines[act])
	return event.Action{Type: event.Speak, Text: s.Text(friendsSpare)}
}

// hunch says something only the partner's list shows.
func (p *player) hunch(s *talk.Speech, d *talk.Dice) {
	t := p.friends.theirsOnly[d.Intn(len(p.friends.theirsOnly))]
	s.Slots.One, s.Slots.Many = verbsFor(t.attr, t.value)
	s.Add(friendsLines[actHunch])
}

// answer says, truthfully from the whole list, how many friends have each
// value the partner asked about, in words that fit how it asked.
func (p *player) answer(s *talk.Speech, asked []int, form questionForm) {
	f := p.friends
	seen := map[int]bool{}
	for _, v := range asked {
		if seen[v] || len(seen) == 2 {
			continue
		}
		seen[v] = true
		n := f.count(v)
		s.Slots.One, s.Slots.Many = verbsFor(f.values[v].attr, f.values[v].value)
		s.Slots.Count = countWord(n)
		s.Add(friendsLines[yesAct(form, n)])
	}
}

func (p *player) selectFriend(s *talk.Speech, i int, act friendsAct) event.Action {
	name := p.friends.mine[i].Name
	s.Slots.Name = textsafe.Clean(name)
	s.Add(friendsLines[act])
	return event.Action{Type: event.Select, Arg: mf.Pick(name), Text: s.Text(friendsSpare)}
}
