package leak

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Offsets are code points, so text before a mention may hold any script.
func TestOffsetsAreCodePoints(t *testing.T) {
	sc, err := scenario.LoadFile("testdata/friends.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := match.Compile(Facts(sc))
	text := "Ça va? Ünd Jacob's friend…"
	ms := m.Find(text)
	if len(ms) != 1 {
		t.Fatalf("Find(%q) = %v, want one match", text, ms)
	}
	if got := string([]rune(text)[ms[0].Start:ms[0].End]); got != "Jacob's" {
		t.Errorf("span = %q, want %q", got, "Jacob's")
	}
}

// A first mention's live position is over the turn limit; the metric is
// recomputed over the turns actually played.
func TestFirstMentionPosition(t *testing.T) {
	sc, err := scenario.LoadFile("testdata/friends.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc.MaxTurns = 21
	a := New(sc, view.Agents)
	texts := []string{"Hello there.", "Anyone from Oberlin College?", "Yes, Jacob Reyes.", "Let's pick him.", "Agreed."}
	var history []event.Turn
	var first []event.Annotation
	for i, text := range texts {
		history = append(history, event.Turn{Number: i + 1, Seat: i % 2, Action: event.Action{Type: event.Speak, Text: text}})
		for _, an := range a.Annotate(history) {
			if an.Kind == event.FirstMention {
				first = append(first, an)
			}
		}
	}
	if len(first) != 1 || first[0].Position != 0.1 {
		t.Fatalf("first mentions = %+v, want one at live position 2/20", first)
	}
	end := &event.Ending{Reason: event.Selected, Outcome: event.Outcome{Success: true}}
	a.Finish(context.Background(), history, end)
	if got := end.Metrics[metrics.FirstMentionPos]; got != 0.5 {
		t.Errorf("first_mention_position = %v, want 2/4", got)
	}
}

// A select names the friend in its argument even when its text does not;
// a SCRIPT character selecting the mutual friend before hearing anything
// about them leaks it.
func TestSelectArgument(t *testing.T) {
	sc, err := scenario.LoadFile("testdata/friends.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a := New(sc, view.Script)
	history := []event.Turn{{Number: 1, Seat: 0, Action: recorded(`{"type":"select","text":"That's my pick.","friend":"Jacob Reyes"}`)}}
	got := a.Annotate(history)
	if len(got) != 2 || got[0].Kind != event.FirstMention || got[1].Kind != event.Leak || got[0].Start != 15 || got[0].End != 15 {
		t.Errorf("annotations = %+v, want a first mention and a leak with an empty span at the end", got)
	}
}

// recorded is an action as a recording holds it, its argument typed by the
// family that registered its key (this package cannot import families).
func recorded(js string) event.Action {
	var a event.Action
	if err := json.Unmarshal([]byte(js), &a); err != nil || a.Arg == nil {
		panic(fmt.Sprintf("%s: no family registered its argument: %v", js, err))
	}
	return a
}
