package leak

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// TestDealValuesAnnotated: in a HUMANS run, a person saying their own
// item value is a disclosure, saying the partner's (which they were never
// told, and no one who made the turn held) a guess, and item counts are
// neither.
func TestDealValuesAnnotated(t *testing.T) {
	sc, err := scenario.Parse("d.yaml", []byte(`id: dealornodeal/t
title: t
family: dealornodeal
setting: Two people divide 3 books and 2 hats.
relationship: strangers
seats:
  - {role: negotiator, character: {name: Ann, goal: Points.}}
  - {role: negotiator, character: {name: Bo, goal: Points.}}
dealornodeal:
  items: [{name: book, count: 3}, {name: hat, count: 2}]
  values: [{book: 0, hat: 5}, {book: 2, hat: 2}]
`))
	if err != nil {
		t.Fatal(err)
	}
	a := New(sc, view.Humans)
	history := []event.Turn{
		{Seat: 0, Action: event.Action{Type: event.Speak, Text: "the books are worthless to me , i want 2 hats"}},
		{Seat: 1, Action: event.Action{Type: event.Speak, Text: "i'd like 3 books then"}},
		{Seat: 1, Action: event.Action{Type: event.Speak, Text: "i bet each hat is worth 5 points to you"}},
	}
	got := map[string]bool{}
	for _, an := range a.Annotate(history) {
		got[string(an.Kind)+":"+an.FactID] = true
	}
	want := map[string]bool{"disclosure:seat0-value-book": true, "guess:seat0-value-hat": true}
	if len(got) != len(want) {
		t.Errorf("annotations %v, want %v", got, want)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("annotations %v lack %s", got, k)
		}
	}
}
