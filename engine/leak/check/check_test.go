package check

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
)

// TestFindingsBecomeAnnotations: a finding is annotated with the kind
// Open gave its fact and the span of the words quoted (case aside, in
// code points), once per fact; a fact not asked about is passed over,
// and words the turn does not say give an empty span at its end.
func TestFindingsBecomeAnnotations(t *testing.T) {
	turn := event.Turn{Number: 3, Seat: 1, Action: event.Action{Type: event.Speak, Text: "Ça va: I'd take FIVE eighty, not more."}}
	q := Question{Turn: turn, Open: []leak.Open{
		{Fact: scenario.Fact{ID: "limit"}, Kind: event.Guess},
		{Fact: scenario.Fact{ID: "own"}, Kind: event.Disclosure},
	}}
	got := annotations(q, []Finding{{"limit", "five eighty"}, {"limit", "not more"}, {"other", "take"}, {"own", "a lease"}})
	want := []event.Annotation{
		{Kind: event.Guess, FactID: "limit", Start: 16, End: 27, Source: event.ByModel},
		{Kind: event.Disclosure, FactID: "own", Start: 38, End: 38, Source: event.ByModel},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("annotations %+v, want %+v", got, want)
	}
}

// TestAsked: a turn is asked about when a fact is open to it and it said
// something, in words or in a move.
func TestAsked(t *testing.T) {
	open := []leak.Open{{Fact: scenario.Fact{ID: "f"}, Kind: event.Guess}}
	for _, c := range []struct {
		act  event.Action
		open []leak.Open
		want bool
	}{
		{event.Action{Type: event.Speak, Text: "hi"}, open, true},
		{event.Action{Type: event.Speak, Text: "  "}, open, false},
		{event.Action{Type: event.Offer, Arg: craigslist.Price(500)}, open, true},
		{event.Action{Type: event.Speak, Text: "hi"}, nil, false},
	} {
		if got := Asked(event.Turn{Action: c.act}, c.open); got != c.want {
			t.Errorf("Asked(%+v, %d open) = %v", c.act, len(c.open), got)
		}
	}
}
