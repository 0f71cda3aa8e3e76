package freeform

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
)

// settles reports whether, its turns spent, a player agrees first: the
// writer and a mind reader, who see what would do for both, do; an agent,
// who has only the partner's word for it, only if it is one to settle
// (a closer); otherwise it holds out for its own aim until the partner
// gives way or time runs out.
func (f *freePlayer) settles(writer bool) bool {
	return writer || f.partnerAim != "" || f.t.Closer
}

// need is how many of its own turns a player takes before it agrees: the
// writer settles the scene quickly, a mind reader haggles a while, an
// agent first has to find out what the partner wants.
func (f *freePlayer) need(writer bool) int {
	switch {
	case writer:
		return 2
	case f.partnerAim != "":
		return f.t.Patience + 1
	}
	return f.t.Patience + 3
}

// freeMove is what a player does with its turn, after taking up the
// partner's.
type freeMove int

const (
	moveSettle  freeMove = iota // agree, or put a middle way and agree to it
	moveRaise                   // say what one wants
	moveAsked                   // asked, with a secret: keep it or tell it
	moveKnowing                 // lean on what one knows of the partner, and propose
	moveReveal                  // tell one's secret
	moveReason                  // say one's private circumstance
	moveTalk                    // argue and ask
)

// decide chooses the turn's move. d, the turn's dice, makes every
// decision; the speech's own dice, which know the scenario, choose only
// the words.
func (f *freePlayer) decide(st freeState, seat int, writer, know bool, d *talk.Dice) freeMove {
	switch {
	case st.partnerAgreed && st.mine >= 1 || st.mine >= f.need(writer) && st.theirs >= 1 && f.settles(writer):
		return moveSettle
	case st.mine == 0 && seat == 0 || st.mine == 1 && seat == 1:
		return moveRaise
	case st.asked != askedNothing && st.asked != askedCheck && !st.revealed && f.secret != "" && !know:
		// Asked something, with a secret; whether one heard right asks
		// nothing of it.
		return moveAsked
	case know && d.Chance(0.5):
		return moveKnowing
	case !st.revealed && f.secret != "" && st.mine >= 2 && f.t.Trusting && d.Chance(0.5):
		return moveReveal
	case f.reason != "" && !st.gaveReason && st.mine > seat:
		// What the goal adds in private ("you are extremely cold") is
		// the speaker's best argument.
		return moveReason
	}
	return moveTalk
}

// act plays one turn: it greets on its first, takes up what the partner
// just said, answers the partner's question and then makes its move.
func (f *freePlayer) act(sp *talk.Speech, history []event.Turn, seat int, writer bool, d *talk.Dice) event.Action {
	st := f.read(history, seat)
	s := saying{Speech: sp, name: f.partnerName, raised: st.raised}
	pl := f.pools
	s.Slots = talk.Slots{Name: f.partnerName, One: f.aim, Many: f.partnerAim, Detail: f.secret, Other: f.partnerSecret, Reason: f.reason, Heard: st.heard}
	if st.iAgreed && st.partnerAgreed {
		s.add(fresh(s.Speech, pl[freeGoodbye]))
		return event.Action{Type: event.Leave, Text: s.Text(spares(s.Speech))}
	}
	if st.mine == 0 {
		if seat == 0 {
			s.add(fresh(s.Speech, pl[freeGreet]))
		} else {
			s.add(fresh(s.Speech, pl[freeGreetBack]))
		}
		// The greeting's draw, when the turn's dice chose the words too:
		// the decisions below keep the draws they had then.
		d.Skip()
	}
	know := f.partnerSecret != ""
	move := f.decide(st, seat, writer, know, d)
	// A personal question, asked of one with a secret, is the move's to
	// answer, and the rest of the partner's turn waits.
	own := move == moveAsked && st.asked.aboutSelf()
	took := f.takeUp(s, st)
	if !own && (took == 0 || st.asked != askedCheck) {
		// After news or a claim, whether one heard right is moot.
		s.add(freeAnswers[st.asked])
		if took == 0 {
			took = f.acknowledge(s, st)
		}
	}
	if st.last.has(doesPropose) && !st.last.has(doesAgree) && move != moveSettle {
		// A proposal not taken is turned down, with the reason unless
		// the move says what the player wants anyway.
		s.add(pl[freeRefuse])
		if move != moveRaise && move != moveKnowing {
			s.add(pl[freeRefuseWhy])
		}
		took |= tookOther
	}
	switch move {
	case moveSettle:
		if st.partnerAgreed || st.partnerProposed {
			s.add(fresh(s.Speech, pl[freeAccept]))
		} else {
			// Nothing on the table yet: put a middle way forward.
			s.add(fresh(s.Speech, pl[freeSettle]))
		}
	case moveRaise:
		if seat == 0 {
			s.add(fresh(s.Speech, pl[freeRaise]))
		} else {
			s.add(fresh(s.Speech, pl[freeRaiseBack]))
		}
		if writer && know {
			d.Skip() // the raise's draw, as for the greeting
			f.knowing(s.Speech, d)
		}
	case moveAsked:
		// Asked something: a trusting agent tells its secret once it has
		// spoken a little, the others keep it, answering what was asked.
		switch {
		case f.t.Trusting && st.mine >= 2:
			s.add(fresh(s.Speech, pl[freeReveal]))
		case own:
			s.add(pl[freeDeflect])
		}
		if took == 0 {
			f.argue(s, st)
		}
	case moveKnowing:
		f.knowing(s.Speech, d)
		s.add(fresh(s.Speech, pl[freePropose]))
	case moveReveal:
		s.add(fresh(s.Speech, pl[freeReveal]))
	case moveReason:
		s.add(fresh(s.Speech, pl[freeReason]))
		s.add(pl[freeAskAbout])
	default:
		switch {
		case took&tookNews != 0:
			// After news, the talk is about the news for a turn.
			s.add(pl[freeAskNews])
		case took&tookAsking != 0:
			// The turn asks already.
		case took != 0:
			s.add(pl[freeAsk])
		default:
			f.argue(s, st)
			s.add(pl[freeAsk])
		}
	}
	return event.Action{Type: event.Speak, Text: s.Text(spares(s.Speech))}
}

// saying is one turn's speech with what its sentences may refer to.
type saying struct {
	*talk.Speech
	name   string // the partner's name, said once a turn
	raised bool   // the player said its aim before: a sentence may refer to it
}

// add says a sentence of pool that it can say: one referring to the
// player's aim ({one}) once the player raised it, to the partner's wish
// ({heard}) once the partner said it (any of pool if none can), and,
// while one such is left unsaid, one that names the partner only if the
// turn has not named it yet.
func (s saying) add(pool []string) {
	can := slices.DeleteFunc(slices.Clone(pool), func(l string) bool {
		return !s.raised && strings.Contains(l, "{one}") || s.Slots.Heard == "" && strings.Contains(l, "{heard}")
	})
	if len(can) == 0 {
		can = pool
	}
	if s.name != "" && s.Saying(s.name) {
		unnamed := slices.DeleteFunc(slices.Clone(can), func(l string) bool { return strings.Contains(l, "{name}") })
		if slices.ContainsFunc(unnamed, func(l string) bool { return !s.Has(talk.Render(l, s.Slots)) }) {
			can = unnamed
		}
	}
	s.Add(can)
}

// argue backs what the player wants, or, before it has said what that
// is, takes in what the partner raised.
func (f *freePlayer) argue(s saying, st freeState) {
	if st.mine == 0 {
		s.add(f.pools[freeListen])
		return
	}
	s.add(f.pools[freePersuade])
}

// knowing leans on what the player knows of the partner, in a slot of
// freeKnowingSlots that the turn's dice choose: from a random start, the
// first the player has not used yet, else the start.
func (f *freePlayer) knowing(s *talk.Speech, d *talk.Dice) {
	start := d.Intn(len(freeKnowingSlots))
	slot := start
	for i := range freeKnowingSlots {
		if k := (start + i) % len(freeKnowingSlots); !usedSlot(s, freeKnowingSlots[k]) {
			slot = k
			break
		}
	}
	s.Add(fresh(s, freeKnowingSlots[slot]))
}

// usedSlot reports whether any wording of a slot was said.
func usedSlot(s *talk.Speech, slot []string) bool {
	for _, l := range slot {
		if s.Has(talk.Render(l, s.Slots)) {
			return true
		}
	}
	return false
}

// fresh keeps the lines of pool none of whose wording was said yet,
// placeholders aside, so two seats do not greet or raise a matter in the
// same words with only a name or an aim between; all of pool if none is.
func fresh(s *talk.Speech, pool []string) []string {
	var out []string
	for _, l := range pool {
		if !saidAround(s, l) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return pool
	}
	return out
}

// saidAround reports whether a stretch of template l between its
// placeholders, long enough to be noticed, was said before.
func saidAround(s *talk.Speech, l string) bool {
	for _, part := range strings.FieldsFunc(l, func(r rune) bool { return r == '{' || r == '}' }) {
		part = strings.Trim(part, " ,.:")
		if len(part) >= 12 && strings.Contains(s.Said(), part) {
			return true
		}
	}
	return false
}
