package leak

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// TestProvenanceDecidesTheKind: the seller says the buyer's limit, which
// her character could not know. What the turn's maker held decides what
// that is: a leak from the SCRIPT writer or from a person shown every
// side, a mind-read from an agent (or a person in its seat) given the
// partner's side, a guess from an agent, a player or a HUMANS person, who
// never held it.
func TestProvenanceDecidesTheKind(t *testing.T) {
	sc, err := scenario.LoadFile("../../scenarios/craigslist-road-bike.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode    view.Mode
		backend string
		person  view.Person
		want    event.AnnotationKind
	}{
		{view.Script, "builtin-writer", "", event.Leak},
		{view.Agents, "builtin", "", event.Guess},
		{view.Mindreaders, "builtin", "", event.MindRead},
		{view.Humans, "humans", "", event.Guess},
		{view.Agents, human.Name, view.PersonSeesOwn, event.Guess},
		{view.Agents, human.Name, view.PersonSeesAll, event.Leak},
		{view.Script, human.Name, view.PersonSeesAll, event.Leak},
		{view.Mindreaders, human.Name, view.PersonSeesAll, event.MindRead},
	} {
		turn := run.Turn{Number: 1, Seat: 0 /* the seller */, Backend: c.backend, Person: c.person,
			Action: event.Action{Type: event.Speak, Text: "I could let it go for $580."}}
		got := New(sc, c.mode).Annotate([]run.Turn{turn})
		if len(got) != 1 || got[0].Kind != c.want || got[0].FactID != "buyer-bottomline" {
			t.Errorf("%s, made by %s (person %q): %+v, want one %s of buyer-bottomline", c.mode, c.backend, c.person, got, c.want)
		}
	}
}

// TestPersonWordsAgree: the scanner's quick test for person words keeps
// exactly the first- and second-person words that are not objects.
func TestPersonWordsAgree(t *testing.T) {
	for w, f := range wordFlags {
		want := f&(firstPerson|secondPerson) != 0 && f&objectPronouns == 0
		if isPersonWord(w) != want {
			t.Errorf("isPersonWord(%q) = %v, the word lists say %v", w, !want, want)
		}
	}
}

// TestPersonFirstLetters: the scanner's first-letter test lets every
// person word through.
func TestPersonFirstLetters(t *testing.T) {
	for w, f := range wordFlags {
		if f&(firstPerson|secondPerson) != 0 && f&objectPronouns == 0 && (len(w) > 8 || !personFirst[w[0]]) {
			t.Errorf("the scanner would miss the person word %q", w)
		}
	}
}
