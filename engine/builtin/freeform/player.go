package freeform

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
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
	selfName                  string     // what the partner calls this player
	pools                     *freePools // the lines that suit the relationship
}

func newFreePlayer(k builtin.Knowledge, t talk.Temperament) *freePlayer {
	self, partner := first(k.Self.Name), first(k.Partner.Name)
	f := &freePlayer{t: t, partnerName: textsafe.Clean(partner), selfName: textsafe.Clean(self), pools: freePoolsByTie()[tieOf(k.Relationship)]}
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
	if title := parentTitles[strings.ToLower(k.Self.Role)]; title != "" && k.Relationship == scenario.FamilyTie {
		f.selfName = title
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
	partnerAgreed   bool         // a sentence of the partner's latest turn agreed
	partnerProposed bool         // the partner's latest turn put something forward
	asked           freeQuestion // what the partner's latest turn asked, if anything
	revealed        bool         // I told my secret
	gaveReason      bool         // I said my private circumstance
	raised          bool         // I said what I want
	// last is the reading of the partner's latest turn, when the latest
	// turn is the partner's.
	last turnReading
	// heard is what the partner said it would like, said back ("borrow
	// $2,500 from me"); heardBefore says whether a turn before its latest
	// said it.
	heard       string
	heardBefore bool
	// claimedBefore says whether a turn of the partner's before its
	// latest told this player its own secret.
	claimedBefore bool
}

func (f *freePlayer) read(history []event.Turn, seat int) freeState {
	var st freeState
	for i, t := range history {
		text := strings.ToLower(t.Action.Text)
		if t.Seat == seat {
			st.mine++
			st.iAgreed = st.iAgreed || freeAgreeCues.In(text)
			st.revealed = st.revealed || f.secret != "" && strings.Contains(text, strings.ToLower(f.secret))
			st.gaveReason = st.gaveReason || f.reason != "" && strings.Contains(text, strings.ToLower(f.reason))
			st.raised = st.raised || strings.Contains(text, strings.ToLower(f.aim))
			continue
		}
		st.theirs++
		latest := i == len(history)-1
		if latest {
			st.last = readTurn(t.Action.Text)
			st.partnerAgreed = st.last.has(doesAgree)
			st.partnerProposed = freeProposalCues.In(text)
			st.asked = st.last.asked
		}
		if !latest && !st.claimedBefore {
			st.claimedBefore = readTurn(t.Action.Text).has(doesClaim)
		}
		if at, ok := wishAt(lowerASCII(t.Action.Text)); ok {
			if heard := echo(f.unnamed(sentenceAt(t.Action.Text, at))); heard != "" {
				st.heard = heard
				st.heardBefore = st.heardBefore || !latest
			}
		}
	}
	return st
}

// sentenceAt is the rest of text's sentence from byte at.
func sentenceAt(text string, at int) string {
	rest := text[at:]
	if i := strings.IndexAny(rest, ".!?;"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// unnamed is a sentence of the partner's without the name it calls this
// player by: "It matters a lot to me, Sam" is "It matters a lot to me".
func (f *freePlayer) unnamed(said string) string {
	if f.selfName == "" {
		return said
	}
	for _, cut := range [][2]string{{", " + f.selfName + ",", ","}, {", " + f.selfName, ""}, {f.selfName + ", ", ""}} {
		said = strings.Replace(said, cut[0], cut[1], 1)
	}
	return said
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
