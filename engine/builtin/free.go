package builtin

import (
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// freePlayer plays a free-form (Sotopia) scenario from its View: it raises
// what it wants, asks about the partner, proposes and argues, keeps its
// secret or, if it trusts the partner, tells it, and once both have agreed
// says goodbye. What it knows of the partner's goal and secret comes from
// the View alone: a mind reader and the writer lean on them, an agent asks.
type freePlayer struct {
	t temperament
	// Spoken forms, cleaned: own aim and secret in the first person, the
	// partner's in the second (empty when the View does not show them).
	aim, secret               string
	reason                    string // own private circumstance from the goal, if any
	partnerAim, partnerSecret string
	partnerName               string // first name
}

func newFreePlayer(k knowledge, t temperament) *freePlayer {
	self, partner := first(k.self.Name), first(k.partner.Name)
	f := &freePlayer{t: t, partnerName: textsafe.Clean(partner)}
	f.aim = strings.ReplaceAll(lowerFirst(person(clause(k.self.Goal), partner, self, true)), "with my friend", "with you")
	f.reason = lowerFirst(person(circumstance(k.self.Goal), partner, self, true))
	f.secret = upperFirst(person(withSubject(sentence1(k.self.Secret)), partner, self, true))
	if k.partnerKnown {
		f.partnerAim = strings.ReplaceAll(lowerFirst(person(clause(k.partner.Goal), partner, self, false)), "with your friend", "with me")
		f.partnerSecret = upperFirst(person(withSubject(sentence1(k.partner.Secret)), partner, self, false))
	}
	return f
}

// freeState is the conversation so far from one seat's side.
type freeState struct {
	mine, theirs  int  // turns each has had
	iAgreed       bool // I said we have an agreement
	partnerAgreed bool // the partner's latest turn agreed
	partnerAsked  bool // the partner's latest turn asked something
	revealed      bool // I told my secret
	gaveReason    bool // I said my private circumstance
}

func (f *freePlayer) read(history []run.Turn, seat int) freeState {
	var st freeState
	for i, t := range history {
		text := strings.ToLower(t.Action.Text)
		if t.Seat == seat {
			st.mine++
			st.iAgreed = st.iAgreed || freeAgreeCues.in(text)
			st.revealed = st.revealed || f.secret != "" && strings.Contains(text, strings.ToLower(f.secret))
			st.gaveReason = st.gaveReason || f.reason != "" && strings.Contains(text, strings.ToLower(f.reason))
			continue
		}
		st.theirs++
		if i == len(history)-1 {
			st.partnerAgreed = freeAgreeCues.in(text) && !negated(text)
			st.partnerAsked = strings.Contains(text, "?")
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
	return writer || f.partnerAim != "" || f.t.closer
}

// need is how many of its own turns a player takes before it agrees: the
// writer settles the scene quickly, a mind reader haggles a while, an
// agent first has to find out what the partner wants.
func (f *freePlayer) need(writer bool) int {
	switch {
	case writer:
		return 2
	case f.partnerAim != "":
		return f.t.patience + 1
	}
	return f.t.patience + 3
}

func (f *freePlayer) act(s *speech, history []run.Turn, seat int, writer bool, d *dice) event.Action {
	st := f.read(history, seat)
	s.sl = slots{name: f.partnerName, one: f.aim, many: f.partnerAim, detail: f.secret, other: f.partnerSecret, reason: f.reason}
	if st.iAgreed && st.partnerAgreed {
		s.add(freeLines[freeGoodbye])
		return event.Action{Type: event.Leave, Text: s.text(freeSpare)}
	}
	if st.mine == 0 {
		s.add(freeLines[freeGreet])
	}
	know := f.partnerSecret != ""
	switch {
	case st.partnerAgreed && st.mine >= 1 || st.mine >= f.need(writer) && st.theirs >= 1 && f.settles(writer):
		s.add(freeLines[freeAgree])
	case st.mine == 0 && seat == 0 || st.mine == 1 && seat == 1:
		s.add(freeLines[freeRaise])
		if writer && know {
			s.add(freeLines[freeKnowing])
		}
	case st.partnerAsked && !st.revealed && f.secret != "" && !know:
		// Asked something: a trusting agent tells its secret once it has
		// spoken a little, the others keep it.
		if f.t.trusting && st.mine >= 2 {
			s.add(freeLines[freeReveal])
		} else {
			s.add(freeLines[freeDeflect])
		}
		s.add(freeLines[freePersuade])
	case know && d.chance(0.5):
		s.add(freeLines[freeKnowing])
		s.add(freeLines[freePropose])
	case !st.revealed && f.secret != "" && st.mine >= 2 && f.t.trusting && d.chance(0.5):
		s.add(freeLines[freeReveal])
	case f.reason != "" && !st.gaveReason && st.mine > seat:
		// What the goal adds in private ("you are extremely cold") is
		// the speaker's best argument.
		s.add(freeLines[freeReason])
		s.add(freeLines[freeAsk])
	default:
		s.add(freeLines[freePersuade])
		s.add(freeLines[freeAsk])
	}
	return event.Action{Type: event.Speak, Text: s.text(freeSpare)}
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
