package leak

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// MakerKind is the kind a partner's private fact gets when the mode's own
// maker says it and the speaker's character could not know it: a leak
// from the SCRIPT writer, who holds everything; a mind-read from a
// MINDREADERS agent, who was given it; a guess from an AGENTS agent or a
// HUMANS person, who never held it.
func MakerKind(mode view.Mode) event.AnnotationKind {
	switch mode {
	case view.Script:
		return event.Leak
	case view.Mindreaders:
		return event.MindRead
	}
	return event.Guess
}

// makerKind is the kind turn t gets for stating fact f, which its
// speaker's character could not know (docs/METRICS.md): a mind-read
// when the seat was given f (MINDREADERS), a leak when the maker held
// it otherwise (the SCRIPT writer, a person shown every side), a guess
// when no one who made the turn held it (an AGENTS agent, a player, a
// HUMANS person, a mind reader not given f). The rules and the model's
// check both take their kinds from here.
func (a *Annotator) makerKind(t event.Turn, f int) event.AnnotationKind {
	switch {
	case a.given[t.Seat][f]: // only a MINDREADERS seat is given more than it could know
		return MakerKind(a.mode)
	case t.Backend == human.Name:
		if t.Person != event.PersonSeesOwn {
			return event.Leak
		}
		return event.Guess
	case MakerKind(a.mode) == event.Leak:
		return event.Leak
	}
	return event.Guess
}

// Open is a fact a turn would be annotated with if it stated it now, and
// the kind it would get.
type Open struct {
	Fact scenario.Fact
	Kind event.AnnotationKind
}

// Open lists the facts turn t would be annotated with, by these rules,
// if it stated them: its speaker's own facts not yet common ground
// (disclosures) and the others' that are news to the speaker (leaks,
// mind-reads, guesses by makerKind), in the scenario's order. Call it
// before the turn is annotated. The model's check asks about these.
func (a *Annotator) Open(t event.Turn) []Open {
	s := t.Seat
	if s < 0 || s > 1 {
		return nil
	}
	var out []Open
	for f, fact := range a.facts {
		switch {
		case fact.Owner == scenario.OwnerPublic:
		case fact.Owner == scenario.Owner(s):
			if !a.common[f] {
				out = append(out, Open{fact, event.Disclosure})
			}
		case a.reportable(s, f):
			out = append(out, Open{fact, a.makerKind(t, f)})
		}
	}
	return out
}
