package leak

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func TestNumbers(t *testing.T) {
	m := Compile(nil)
	for text, want := range map[string][]float64{
		"$1,200":                   {1200},
		"1200 dollars":             {1200},
		"1.2k":                     {1200},
		"twelve hundred":           {1200},
		"five hundred and fifty":   {550},
		"500.0":                    {500},
		"450-500":                  {450, 500},
		"two fifty":                {250},
		"one thousand two hundred": {1200},
		"a thousand":               {1000},
		"3 grand":                  {3000},
		"It's 500.":                {500},
		"2nd place, 50% off":       nil,
		"twenty-five":              {25},
		"a grand piano":            nil,
		"$1.5 thousand":            {1500},
		"500,60":                   {500, 60},
	} {
		if got := m.Numbers(text); !slices.Equal(got, want) {
			t.Errorf("Numbers(%q) = %v, want %v", text, got, want)
		}
	}
}

// Offsets are code points, so text before a mention may hold any script.
func TestOffsetsAreCodePoints(t *testing.T) {
	sc, err := scenario.LoadFile("testdata/friends.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := Compile(Facts(sc))
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
	var history []run.Turn
	var first []event.Annotation
	for i, text := range texts {
		history = append(history, run.Turn{Number: i + 1, Seat: i % 2, Action: event.Action{Type: event.Speak, Text: text}})
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
	history := []run.Turn{{Number: 1, Seat: 0, Action: recorded(`{"type":"select","text":"That's my pick.","friend":"Jacob Reyes"}`)}}
	got := a.Annotate(history)
	if len(got) != 2 || got[0].Kind != event.FirstMention || got[1].Kind != event.Leak || got[0].Start != 15 || got[0].End != 15 {
		t.Errorf("annotations = %+v, want a first mention and a leak with an empty span at the end", got)
	}
}

func TestAmountsIgnoreNumeralsPastFloatRange(t *testing.T) {
	huge := "4" + strings.Repeat("5", 400)
	if got := Amounts("about " + huge + " or $40"); len(got) != 1 || got[0] != 40 {
		t.Errorf("Amounts = %v, want [40]", got)
	}
}

// A fact phrase ending in a number word must not reach other scenarios'
// matchers through the shared number-word table.
func TestNumberWordsStayPerScenario(t *testing.T) {
	withFive := Compile([]scenario.Fact{{ID: "f", Kind: scenario.FactName, Owner: scenario.OwnerPublic, Phrases: []string{"room five"}}})
	if got := withFive.Find("we met in room five"); len(got) != 1 {
		t.Fatalf("the scenario's own matcher: %d matches, want 1", len(got))
	}
	other := Compile([]scenario.Fact{{ID: "g", Kind: scenario.FactName, Owner: scenario.OwnerPublic, Phrases: []string{"garden"}}})
	if got := other.Find("we met in room five"); len(got) != 0 {
		t.Fatalf("another scenario's matcher found %v in a text without its fact", got)
	}
}

// TestTokenEnds: the scanner finds again where each token ends in the
// text, for words used as they stand, lowered words and numerals alike.
func TestTokenEnds(t *testing.T) {
	text := "Jacob's bike, don’t; Éclair 1,200.50 five-two I'd 2nd"
	var s scanner
	s.scan(text)
	var got []string
	for k := range s.tokens {
		got = append(got, text[s.tokens[k].from:s.to(&s.tokens[k])])
	}
	want := []string{"Jacob's", "bike", "don’t", "Éclair", "1,200.50", "five", "two", "I'd", "2nd"}
	if !slices.Equal(got, want) {
		t.Errorf("tokens %q, want %q", got, want)
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
