package freeform

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// freePlayer plays a free-form (Sotopia) scenario from its View: it raises
// what it wants, asks about the partner, proposes and argues, keeps its
// secret or, if it trusts the partner, tells it, and once both have agreed
// says goodbye. What it knows of the partner's goal and secret comes from
// the View alone: a mind reader and the writer lean on them, an agent asks.
type freePlayer struct {
	t talk.Temperament
	// Spoken forms, cleaned: own aim and secret in the first person, the
	// partner's in the second (empty when the View does not show them).
	aim, secret               string
	reason                    string // own private circumstance from the goal, if any
	partnerAim, partnerSecret string
	partnerName               string     // first name
	pools                     *freePools // the lines that suit the relationship
}

func newFreePlayer(k builtin.Knowledge, t talk.Temperament) *freePlayer {
	self, partner := first(k.Self.Name), first(k.Partner.Name)
	f := &freePlayer{t: t, partnerName: textsafe.Clean(partner), pools: freePoolsByTie[tieOf(k.Relationship)]}
	f.aim = spokenAim(toPartner(talk.LowerFirst(person(clause(k.Self.Goal), partner, self, true)), "my", "you", "your"), "I", "with you")
	f.reason = talk.LowerFirst(person(circumstance(k.Self.Goal), partner, self, true))
	if said := toPartner(f.reason, "my", "you", "your"); !awkward(said) {
		f.reason = said
	}
	if f.reason != "" && awkward(f.reason) {
		f.reason = "there is more to it for me than I have said"
	}
	f.secret = spokenSecret(k.Self.Secret, person(withSubject(sentence1(k.Self.Secret)), partner, self, true), "If someone described me honestly, they would say: ")
	if k.PartnerKnown {
		f.partnerAim = spokenAim(toPartner(talk.LowerFirst(person(clause(k.Partner.Goal), partner, self, false)), "your", "me", "my"), "you", "with me")
		f.partnerSecret = spokenSecret(k.Partner.Secret, person(withSubject(sentence1(k.Partner.Secret)), partner, self, false), "I have heard it said of you: ")
	}
	if title := parentTitles[strings.ToLower(k.Partner.Role)]; title != "" && k.Relationship == scenario.FamilyTie {
		// Said to the parent, "my father's blessing" is "your blessing".
		f.partnerName = title
		f.aim = strings.ReplaceAll(f.aim, "my "+strings.ToLower(k.Partner.Role)+"'s ", "your ")
	}
	return f
}

// toPartner says a goal's "your friend" or "the friend", who is the
// partner, to the partner: "help my friend" is "help you", "the friend's
// feelings" "your feelings" (owner "my", object "you", possessive "your";
// for the partner's goal "your", "me", "my").
func toPartner(aim, owner, object, possessive string) string {
	for _, whose := range []string{owner, "the"} {
		aim = strings.ReplaceAll(aim, whose+" friend's ", possessive+" ")
	}
	words := strings.Fields(aim)
	for i := 0; i+1 < len(words); i++ {
		if core, tail := splitWord(words[i+1]); (words[i] == owner || words[i] == "the") && core == "friend" {
			words[i], words[i+1] = "", object+tail
		}
	}
	return strings.Join(strings.Fields(strings.Join(words, " ")), " ")
}

// parentTitles are what a child calls a parent of that role.
var parentTitles = map[string]string{"father": "Dad", "dad": "Dad", "mother": "Mom", "mom": "Mom", "grandfather": "Grandpa", "grandmother": "Grandma"}

// spokenAim is an aim as said after "I'd like to" (or, for the partner's,
// "you want to"): a goal put as a whole sentence ("You want to donate")
// loses its subject, and one the rewriting made awkward becomes a plain
// wish to talk it through.
func spokenAim(aim, subject, with string) string {
	for _, opener := range []string{" want to ", " need to ", " would like to ", "'d like to "} {
		if p := subject + opener; len(aim) > len(p) && strings.EqualFold(aim[:len(p)], p) {
			aim = aim[len(p):]
		}
	}
	aim = strings.TrimPrefix(aim, "want to ")
	first, _, _ := strings.Cut(aim, " ")
	if aim == "" || pronouns[strings.ToLower(first)] || awkward("I'd like to "+aim+".") {
		return "talk something through " + with
	}
	return aim
}

// pronouns open a clause that cannot follow "I'd like to".
var pronouns = map[string]bool{"i": true, "you": true, "we": true, "they": true, "he": true, "she": true, "it": true}

// spokenSecret is a secret in the first or second person, or, when the
// rewriting made it awkward, the scenario's own words quoted after intro,
// so the secret is still said whole and grammatical.
func spokenSecret(raw, rewritten, intro string) string {
	if rewritten == "" {
		return ""
	}
	said := upperFirst(rewritten)
	if !awkward(said) {
		return said
	}
	quote := sentence1(raw)
	if quote != "" && !strings.ContainsAny(quote[len(quote)-1:], ".!?") {
		quote += "."
	}
	return intro + "\"" + upperFirst(quote) + "\""
}

// freeState is the conversation so far from one seat's side.
type freeState struct {
	mine, theirs    int          // turns each has had
	iAgreed         bool         // I said we have an agreement
	partnerAgreed   bool         // the partner's latest turn agreed
	partnerProposed bool         // the partner's latest turn put something forward
	asked           freeQuestion // what the partner's latest turn asked, if anything
	revealed        bool         // I told my secret
	gaveReason      bool         // I said my private circumstance
}

func (f *freePlayer) read(history []run.Turn, seat int) freeState {
	var st freeState
	for i, t := range history {
		text := strings.ToLower(t.Action.Text)
		if t.Seat == seat {
			st.mine++
			st.iAgreed = st.iAgreed || freeAgreeCues.In(text)
			st.revealed = st.revealed || f.secret != "" && strings.Contains(text, strings.ToLower(f.secret))
			st.gaveReason = st.gaveReason || f.reason != "" && strings.Contains(text, strings.ToLower(f.reason))
			continue
		}
		st.theirs++
		if i == len(history)-1 {
			st.partnerAgreed = freeAgreeCues.In(text) && !talk.Negated(text)
			st.partnerProposed = freeProposalCues.In(text)
			st.asked = askedIn(text)
		}
	}
	return st
}

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

// act plays one turn. d, the turn's dice, makes every decision; the
// speech's own dice, which know the scenario, choose only the words.
func (f *freePlayer) act(s *talk.Speech, history []run.Turn, seat int, writer bool, d *talk.Dice) event.Action {
	st := f.read(history, seat)
	pl := f.pools
	s.Slots = talk.Slots{Name: f.partnerName, One: f.aim, Many: f.partnerAim, Detail: f.secret, Other: f.partnerSecret, Reason: f.reason}
	if st.iAgreed && st.partnerAgreed {
		s.Add(fresh(s, pl[freeGoodbye]))
		return event.Action{Type: event.Leave, Text: s.Text(spares(s))}
	}
	if st.mine == 0 {
		s.Add(fresh(s, pl[freeGreet]))
		// The greeting's draw, when the turn's dice chose the words too:
		// the decisions below keep the draws they had then.
		d.Skip()
	}
	know := f.partnerSecret != ""
	switch {
	case st.partnerAgreed && st.mine >= 1 || st.mine >= f.need(writer) && st.theirs >= 1 && f.settles(writer):
		f.answer(s, st.asked)
		if st.partnerAgreed || st.partnerProposed {
			s.Add(fresh(s, pl[freeAccept]))
		} else {
			// Nothing on the table yet: put a middle way forward.
			s.Add(fresh(s, pl[freeSettle]))
		}
	case st.mine == 0 && seat == 0 || st.mine == 1 && seat == 1:
		f.answer(s, st.asked)
		s.Add(fresh(s, pl[freeRaise]))
		if writer && know {
			d.Skip() // the raise's draw, as for the greeting
			f.knowing(s, d)
		}
	case st.asked != askedNothing && !st.revealed && f.secret != "" && !know:
		// Asked something: a trusting agent tells its secret once it has
		// spoken a little, the others keep it, answering what was asked.
		switch {
		case f.t.Trusting && st.mine >= 2:
			if !st.asked.aboutSelf() {
				f.answer(s, st.asked)
			}
			s.Add(fresh(s, pl[freeReveal]))
		case st.asked.aboutSelf():
			s.Add(pl[freeDeflect])
		default:
			f.answer(s, st.asked)
		}
		f.argue(s, st)
	case know && d.Chance(0.5):
		f.answer(s, st.asked)
		f.knowing(s, d)
		s.Add(fresh(s, pl[freePropose]))
	case !st.revealed && f.secret != "" && st.mine >= 2 && f.t.Trusting && d.Chance(0.5):
		f.answer(s, st.asked)
		s.Add(fresh(s, pl[freeReveal]))
	case f.reason != "" && !st.gaveReason && st.mine > seat:
		// What the goal adds in private ("you are extremely cold") is
		// the speaker's best argument.
		f.answer(s, st.asked)
		s.Add(fresh(s, pl[freeReason]))
		s.Add(pl[freeAskAbout])
	default:
		f.answer(s, st.asked)
		f.argue(s, st)
		s.Add(pl[freeAsk])
	}
	return event.Action{Type: event.Speak, Text: s.Text(spares(s))}
}

// argue backs what the player wants, or, before it has said what that
// is, takes in what the partner raised.
func (f *freePlayer) argue(s *talk.Speech, st freeState) {
	if st.mine == 0 {
		s.Add(f.pools[freeListen])
		return
	}
	s.Add(f.pools[freePersuade])
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

// answer says, first, a short answer to what the partner just asked.
func (f *freePlayer) answer(s *talk.Speech, asked freeQuestion) {
	if asked != askedNothing {
		s.Add(freeAnswers[asked])
	}
}

// spares are freeSpare from a start the wording dice choose, so turns
// made unlike earlier ones do not all end in the same word.
func spares(s *talk.Speech) []string {
	i := s.Dice.Intn(len(freeSpare))
	return append(freeSpare[i:len(freeSpare):len(freeSpare)], freeSpare[:i]...)
}

// first is a name's first word.
func first(name string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	return w
}

// clause is a goal's first clause: up to the first comma, "and" or
// "without", without its full stop.
func clause(goal string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(goal), "\n")
	g := sentence1(line)
	g = strings.TrimRight(g, ".!")
	for _, cut := range []string{", ", " and ", " without "} {
		if i := strings.Index(g, cut); i > 0 {
			g = g[:i]
		}
	}
	// Players say "I'd like to {aim}", so a goal put as "To watch a
	// comedy" loses its "to".
	if len(g) > 3 && strings.EqualFold(g[:3], "to ") {
		g = g[3:]
	}
	return g
}

// circumstance is what a goal adds in private after its first line (a
// Sotopia goal's <extra_info>, "Extra information: you are extremely
// cold."): its first sentence without the label, empty when there is none
// or it is a hint on how to play.
func circumstance(goal string) string {
	_, rest, ok := strings.Cut(strings.TrimSpace(goal), "\n")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	if label, body, ok := strings.Cut(line, ":"); ok && len(strings.Fields(label)) <= 2 {
		if strings.EqualFold(strings.TrimSpace(label), "hint") {
			return ""
		}
		line = body
	}
	return strings.TrimRight(sentence1(line), ".!")
}

// sentence1 is text's first sentence on one line.
func sentence1(text string) string {
	t := strings.Join(strings.Fields(textsafe.Clean(text)), " ")
	if i := strings.Index(t, ". "); i >= 0 {
		t = t[:i+1]
	}
	return t
}
