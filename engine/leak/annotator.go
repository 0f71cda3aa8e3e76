// Package leak annotates each completed turn of a run with the facts it
// states (package match finds them): disclosures, leaks, mind-reads,
// guesses and first mentions, by the run's common ground and by what the
// turn's maker held (docs/METRICS.md); it also annotates older
// recordings again.
package leak

import (
	"context"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/engine/words"
)

// Annotator tracks one run's common ground and annotates each completed
// turn. It implements run.Annotator; make one per run.
type Annotator struct {
	*Prepared
	m        *match.Matcher
	mode     view.Mode
	given    [2][]bool // the view seat s is given in this mode holds f
	common   []bool    // in common ground
	reported [2][]bool // a leak or mind-read by seat s already annotated
	said     []bool    // an environment fact was said aloud
	evidence *evidence
	heard    [2][]bool // seat s heard its partner give evidence of fact f
	marks    []metrics.Mark
	done     int   // turns annotated
	seen     []int // the facts annotated in the turn at hand
	// amounts[s] are the amounts seat s has said; spoke those of the
	// turn at hand (match.Matcher.Amounts).
	amounts [2][]float64
	spoke   []float64
}

// Prepared is what every run of one scenario shares, whatever the mode:
// the facts, the compiled matchers and what each seat's views hold. It is
// read-only once made, so runs on any goroutine share it; preparing is
// the costly part of an annotator.
type Prepared struct {
	sc    *scenario.Scenario
	m     *match.Matcher
	facts []scenario.Fact
	// could[s][f]: seat s's character could know fact f without anyone's
	// private information but its own (its AGENTS view holds it).
	could [2][]bool
	// mindread[s][f]: seat s's MINDREADERS view holds f.
	mindread [2][]bool
	evidence *evidence
	// negative[f]: a told fact that says a "not" itself ("you are not
	// sleeping well"), which a negated mention states rather than denies.
	negative []bool
	// ofOwner[f]: a piece of extra information about its owner ("you
	// have back pain"), which words said to the listener do not state.
	ofOwner []bool
}

// Annotate is the hook for episode.Spec.Annotate and batch.Options.Annotate.
func Annotate(sc *scenario.Scenario, mode view.Mode) run.Annotator { return New(sc, mode) }

// New makes the annotator of one run of sc in mode.
func New(sc *scenario.Scenario, mode view.Mode) *Annotator { return Prepare(sc).New(mode) }

// Prepare compiles what the annotators of sc's runs share.
func Prepare(sc *scenario.Scenario) *Prepared {
	facts := Facts(sc)
	p := &Prepared{sc: sc, m: match.Compile(facts), facts: facts, evidence: newEvidence(sc, facts),
		negative: make([]bool, len(facts)), ofOwner: make([]bool, len(facts))}
	for i, f := range facts {
		p.negative[i] = match.Told(f) && slices.ContainsFunc(words.Split(f.Text), words.IsNegation)
		p.ofOwner[i] = match.Told(f) && f.TypeOf() == scenario.TypeExtra && tellsOfOwner(f.Text)
	}
	for seat := 0; seat < 2; seat++ {
		p.could[seat] = p.holds(view.For(sc, view.Agents, seat))
		p.mindread[seat] = p.holds(view.For(sc, view.Mindreaders, seat))
	}
	return p
}

// New makes the annotator of one run in mode.
func (p *Prepared) New(mode view.Mode) *Annotator {
	n := len(p.facts)
	a := &Annotator{Prepared: p, m: p.m.Fork(), mode: mode, common: make([]bool, n), said: make([]bool, n)}
	if p.evidence != nil {
		a.evidence = &evidence{m: p.evidence.m.Fork(), fact: p.evidence.fact}
	}
	for seat := 0; seat < 2; seat++ {
		// The seat's own View: in AGENTS and HUMANS (where view.For gives
		// each person an AGENTS seat's View) what it could know; in SCRIPT
		// the character's AGENTS view, not the writer's (docs/METRICS.md).
		a.given[seat] = p.could[seat]
		if mode == view.Mindreaders {
			a.given[seat] = p.mindread[seat]
		}
		a.reported[seat] = make([]bool, n)
		a.heard[seat] = make([]bool, n)
	}
	for i, f := range p.facts {
		a.common[i] = f.Owner == scenario.OwnerPublic
	}
	return a
}

// holds lists, per fact, whether a view contains it: by ownership, or
// because its rendered text says it (a partner's amount that equals one's
// own, a partner's value that is in one's own list too). An environment
// fact is held only when given or deducible from the view: the mutual
// friend's name is in each seat's own list, but not that they are mutual.
func (p *Prepared) holds(v view.View) []bool {
	out := make([]bool, len(p.facts))
	unknown := false // a fact the rendered text could still add
	for i, f := range p.facts {
		out[i] = v.Knows(f) || deducible(p.sc, v, f)
		unknown = unknown || !out[i] && f.Owner != scenario.OwnerEnv
	}
	if !unknown {
		return out // rendering and scanning the view would add nothing
	}
	for _, mt := range p.m.Find(v.Render()) {
		if p.facts[mt.Fact].Owner != scenario.OwnerEnv && !mt.Approximate {
			out[mt.Fact] = true
		}
	}
	return out
}

// Annotate looks at the turns completed since the last call and returns
// their annotations.
func (a *Annotator) Annotate(history []event.Turn) []event.Annotation {
	var out []event.Annotation
	for ; a.done < len(history); a.done++ {
		out = append(out, a.turn(a.done, history[a.done], history[:a.done])...)
	}
	return out
}

// Marks returns every annotation made so far with its turn index.
func (a *Annotator) Marks() []metrics.Mark { return a.marks }

// Finish fills the ending's metrics. First-mention positions are
// recomputed against the actual last turn. It calls no model.
func (a *Annotator) Finish(_ context.Context, history []event.Turn, end *event.Ending) []event.Usage {
	a.Annotate(history)
	end.Metrics = metrics.Compute(a.sc, history, a.marks, end)
	return nil
}

// turn annotates the i-th turn (0-based). Each fact gets at most one
// annotation per turn: at its first mention that states it (states). A
// denial (a negated mention) is annotated but changes nothing: common
// ground and the one annotation per speaker and fact are for statements
// of a fact.
func (a *Annotator) turn(i int, t event.Turn, earlier []event.Turn) []event.Annotation {
	s := t.Seat
	if s < 0 || s > 1 {
		return nil
	}
	var out []event.Annotation
	add := func(kind event.AnnotationKind, f int, mt match.Match) {
		an := event.Annotation{Kind: kind, FactID: a.facts[f].ID, Start: mt.Start, End: mt.End, Negated: mt.Negated, Approximate: mt.Approximate}
		if kind == event.FirstMention {
			an.Position = a.livePosition(i)
		}
		a.marks = append(a.marks, metrics.Mark{Turn: i, Annotation: an})
		if kind == event.Disclosure && a.facts[f].TypeOf() == scenario.TypeGoal {
			return // a side saying what it is after is the conversation itself: counted (goals.*), not drawn
		}
		out = append(out, an)
	}
	ms := a.mentions(t.Action)
	quotes := quoted(t.Action.Text, earlier)
	a.seen = a.seen[:0]
	for _, mt := range ms {
		f := mt.Fact
		fact := a.facts[f]
		if slices.Contains(a.seen, f) || inside(quotes, mt) || !fits(mt, s, fact, a.ofOwner[f]) || asked(t.Action.Text, mt, fact) {
			continue
		}
		if match.Told(fact) {
			if mt.Negated && !a.negative[f] {
				continue // a told fact is no claim to deny: "no worries", "not a problem"
			}
			mt.Negated = false
			if fact.Owner == scenario.Owner(s) {
				a.heard[1-s][f] = true // a word of it, said by its owner, is a clue to the partner
			}
		}
		if !states(mt, fact.Owner == scenario.Owner(s)) {
			continue
		}
		a.seen = append(a.seen, f) // one annotation per fact and turn: its first mention
		switch {
		case fact.Owner == scenario.Owner(s):
			if !a.common[f] {
				add(event.Disclosure, f, mt)
				a.common[f] = !mt.Negated
			}
		case fact.Owner == scenario.OwnerEnv:
			if !a.said[f] {
				first := mt
				first.Negated = false // said is said: "I don't know Celine" names her
				add(event.FirstMention, f, first)
				a.said[f] = true
			}
			a.unknown(t, f, mt, add)
			a.common[f] = a.common[f] || !mt.Negated
		default:
			a.unknown(t, f, mt, add)
		}
	}
	a.listen(s, t.Action.Text)
	a.amounts[s] = append(a.amounts[s], a.spoke...)
	return out
}

// states reports whether a mention says enough to state its fact: an
// owner's needs a rare word of it or two of its words in one clause
// (match.Alone); a claim about another's fact (a leak, mind-read or
// guess says the omniscience gap is there) needs more: a rare word and
// another, or three (match.Alone + match.Beside).
func states(mt match.Match, own bool) bool {
	if own {
		return mt.Weight >= match.Alone
	}
	return mt.Weight >= match.Alone+match.Beside
}

// fits reports whether a match says its fact of the fact's owner: words
// said of the speaker ("I'm moving out the sofa") state only the
// speaker's own facts, words said to the listener ("your brother") only
// the listener's, except what a goal and its extra information say,
// which often tells of the partner ("you planned to give 200"), but for
// a piece about its owner (ofOwner: "you have back pain"); an
// item's value said of no one is the speaker's own, and so is an amount
// a goal gives unless said as a limit or target; an environment fact is
// anyone's.
func fits(mt match.Match, speaker int, fact scenario.Fact, ofOwner bool) bool {
	owner := fact.Owner
	if owner == scenario.OwnerEnv || owner == scenario.OwnerPublic {
		return !mt.Approximate // no one's to be said approximately
	}
	own := owner == scenario.Owner(speaker)
	switch mt.About {
	case words.AboutSpeaker:
		return own
	case words.AboutListener:
		return !own || !ofOwner && (fact.TypeOf() == scenario.TypeExtra || fact.Attribute == scenario.GoalAttribute)
	case words.AboutOthers:
		return own && !mt.Approximate
	}
	switch {
	case fact.TypeOf() == scenario.TypeItemValue:
		return own
	case fact.Kind == scenario.FactPrice && fact.Attribute == scenario.GoalAttribute && !own:
		// A goal's amount said of no one is the partner's only as a
		// limit or target: "an additional $300 donation" is not their
		// $300 budget.
		return mt.Framed && !mt.Approximate
	}
	return !mt.Approximate
}

// asked reports whether a mention of what a side was told (its extra
// information or goal) stands in a question: "what kind of record is
// it?" states no one's record, nor does the owner's "can't you sleep?".
// A tag after a comma ("..., okay?", "..., right?") leaves the
// statement before it. Secrets, amounts and values keep the rule that a
// partner's question naming them ("did you sign a new lease?") tells.
func asked(text string, mt match.Match, fact scenario.Fact) bool {
	if !match.Told(fact) {
		return false
	}
	i := 0
	for at := range text { // mt.End counts code points
		if i == mt.End {
			end := strings.IndexAny(text[at:], ".!?\n")
			if end < 0 || text[at+end] != '?' {
				return false
			}
			tail := text[at : at+end]
			comma := strings.LastIndexAny(tail, ",;")
			return comma < 0 || len(strings.Fields(tail[comma+1:])) > 3
		}
		i++
	}
	return false
}

// listen records the evidence a turn by seat s gives its partner.
func (a *Annotator) listen(s int, text string) {
	if a.evidence == nil {
		return
	}
	for _, mt := range a.evidence.m.Find(text) {
		if !mt.Negated {
			a.heard[1-s][a.evidence.fact[mt.Fact]] = true
		}
	}
}

// unknown annotates a fact the speaker does not own, when it is open
// (reportable) to the speaker, with the kind what the turn's maker held
// decides (makerKind). A statement is annotated once per speaker and
// fact; a denial each time.
func (a *Annotator) unknown(t event.Turn, f int, mt match.Match, add func(event.AnnotationKind, int, match.Match)) {
	s := t.Seat
	if !a.reportable(s, f) || mt.Approximate && a.echoes(mt.Said, a.facts[f].Owner) {
		return
	}
	a.reported[s][f] = !mt.Negated
	add(a.makerKind(t, f), f, mt)
}

// reportable reports whether seat s stating fact f, which it does not
// own, is news the annotator reports: f is not common ground, s's
// character could not have known it nor worked it out from what its
// partner said, and s has not been annotated stating it before.
func (a *Annotator) reportable(s, f int) bool {
	return !a.common[f] && !a.could[s][f] && !a.heard[s][f] && !a.reported[s][f]
}

// mentions finds the facts in a turn's text and, when the text does not
// say them, in its structured argument (an offer's price, a selected
// friend); those get an empty span at the end of the text.
func (a *Annotator) mentions(act event.Action) []match.Match {
	ms := a.m.Find(act.Text)
	a.spoke = a.spoke[:0]
	for _, n := range a.m.Amounts() {
		a.spoke = append(a.spoke, n.Value)
	}
	if act.Arg == nil || act.Type != event.Offer && act.Type != event.Select {
		return ms
	}
	arg := act.Arg.Said()
	if arg == "" {
		return ms
	}
	ms = append([]match.Match(nil), ms...) // the next Find reuses the buffer
	end := utf8.RuneCountInString(act.Text)
	for _, mt := range a.m.Find(arg) {
		if !hasFact(ms, mt.Fact) {
			ms = append(ms, match.Match{Fact: mt.Fact, Start: end, End: end, Weight: mt.Weight})
		}
	}
	return ms
}

func hasFact(ms []match.Match, f int) bool {
	return slices.ContainsFunc(ms, func(m match.Match) bool { return m.Fact == f })
}

// livePosition is a first mention's position while the run is live, when
// the last turn is not known yet: the turn index over the turn limit's
// last index. Metrics recompute it against the actual last turn.
func (a *Annotator) livePosition(i int) float64 {
	return metrics.Position(i, a.sc.MaxTurns)
}

// tellsOfOwner reports whether a piece of extra information, as a told
// fact's text gives it ("Ada's extra information: you have back pain."),
// is about its owner ("you have ...", "you are ..."), not about someone
// or something else ("your friend planned ...", "the item is ...", "you
// know the item belongs to ...": what the owner knows frames it).
func tellsOfOwner(text string) bool {
	_, piece, _ := strings.Cut(text, ": ")
	ws := words.Split(piece)
	for len(ws) > 1 && ws[0] == "you" {
		switch {
		case knowing[ws[1]]:
			ws = ws[2:]
		case len(ws) > 2 && (ws[1] == "are" || ws[1] == "were") && ws[2] == "aware":
			ws = ws[3:]
		default:
			return true
		}
		for len(ws) > 0 && (ws[0] == "out" || ws[0] == "that") {
			ws = ws[1:]
		}
	}
	return len(ws) > 0 && (ws[0] == "you" || strings.HasPrefix(ws[0], "you'") || strings.HasPrefix(ws[0], "you’"))
}

// knowing are the verbs that frame what a side knows of something else.
var knowing = words.WordSet(`know knew believe believed think thought suspect found learned learnt heard noticed realize
	realized realise realised`)

// echoes reports whether an amount said approximately of another's fact
// is one its owner said before: "you said $60" of a seller who asked $60
// guesses nothing of her $58.60 target.
func (a *Annotator) echoes(said float64, owner scenario.Owner) bool {
	if said == 0 || owner < 0 || owner > 1 {
		return false
	}
	return slices.ContainsFunc(a.amounts[owner], func(v float64) bool { return math.Abs(v-said) < 0.005 })
}
