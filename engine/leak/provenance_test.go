package leak

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
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
		person  event.Person
		want    event.AnnotationKind
	}{
		{view.Script, "builtin-writer", "", event.Leak},
		{view.Agents, "builtin", "", event.Guess},
		{view.Mindreaders, "builtin", "", event.MindRead},
		{view.Humans, "humans", "", event.Guess},
		{view.Agents, human.Name, event.PersonSeesOwn, event.Guess},
		{view.Agents, human.Name, event.PersonSeesAll, event.Leak},
		{view.Script, human.Name, event.PersonSeesAll, event.Leak},
		{view.Mindreaders, human.Name, event.PersonSeesAll, event.MindRead},
	} {
		turn := event.Turn{Number: 1, Seat: 0 /* the seller */, Backend: c.backend, Person: c.person,
			Action: event.Action{Type: event.Speak, Text: "I could let it go for $580."}}
		got := New(sc, c.mode).Annotate([]event.Turn{turn})
		if len(got) != 1 || got[0].Kind != c.want || got[0].FactID != "buyer-bottomline" {
			t.Errorf("%s, made by %s (person %q): %+v, want one %s of buyer-bottomline", c.mode, c.backend, c.person, got, c.want)
		}
	}
}

// TestOpenListsWhatTheRulesAnnotate: every counted annotation the rules
// make of a turn (but a first mention, which is not a kind a maker
// gets) names a fact Open listed for the turn just before, with the
// kind Open gave it; so the model's check, asked about Open's facts,
// gives its findings the rules' kinds.
func TestOpenListsWhatTheRulesAnnotate(t *testing.T) {
	sc := benchScenario()
	turns, _ := benchTurns(400)
	for _, mode := range view.Modes {
		a := New(sc, mode)
		checked := 0
		for i, turn := range turns {
			open := map[string]event.AnnotationKind{}
			for _, o := range a.Open(turn) {
				open[o.Fact.ID] = o.Kind
			}
			for _, an := range a.Annotate(turns[:i+1]) {
				if !an.Counted() || an.Kind == event.FirstMention {
					continue
				}
				checked++
				if kind, ok := open[an.FactID]; !ok || kind != an.Kind {
					t.Fatalf("%s, turn %d: the rules annotate a %s of %s; Open gave it %q (listed: %v)", mode, turn.Number, an.Kind, an.FactID, kind, ok)
				}
			}
		}
		if checked < 50 {
			t.Errorf("%s: only %d annotations compared", mode, checked)
		}
	}
}
