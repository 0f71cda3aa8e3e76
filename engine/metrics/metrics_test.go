package metrics

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
)

func listing() *scenario.Scenario {
	return &scenario.Scenario{Family: scenario.Craigslist, MaxTurns: 20, Craigslist: &scenario.Listing{
		ListingPrice: 650, Seller: scenario.PriceLimits{Target: 620, Bottomline: 520},
		Buyer: scenario.PriceLimits{Target: 480, Bottomline: 580}}}
}

func TestCraigslist(t *testing.T) {
	history := []run.Turn{
		{Seat: 0, Action: event.Action{Type: event.Speak, Text: "Asking six fifty for it."}},
		{Seat: 1, Action: event.Action{Type: event.Offer, Text: "I offer $585.", Price: event.PriceOf(585)}},
		{Seat: 0, Action: event.Action{Type: event.Accept}},
	}
	marks := []Mark{{Turn: 1, Annotation: event.Annotation{Kind: event.Leak}}}
	end := &event.Ending{Outcome: event.Outcome{Deal: true, Price: event.PriceOf(585)}}
	m := Compute(listing(), history, marks, end)
	// mid = 550, seller span 70: utility (585-550)/70 = 0.5. The seller got
	// 65 of the 100 from its bottomline to its target; $585 is past the
	// buyer's bottomline of $580, so the buyer scores 0.
	for key, want := range map[string]float64{
		Turns: 3, WordsPerTurn: 4, WordsPerTurnSeat0: 5, WordsPerTurnSeat1: 3, Leaks: 1, Disclosures: 0,
		Deal: 1, Price: 585, PriceFraction: 0.9, UtilitySeller: 0.5, UtilityBuyer: -0.5,
		GoalCompletionSeat0: 6.5, GoalCompletionSeat1: 0, GoalCompletion: 3.25,
	} {
		if got, ok := m[key]; !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}
	// A deal inside both limits scores for both sides: $550 is 3 of 10 for
	// the seller (520 to 620) and 3 of 10 for the buyer (580 to 480).
	mid := Compute(listing(), history, nil, &event.Ending{Outcome: event.Outcome{Deal: true, Price: event.PriceOf(550)}})
	if math.Abs(mid[GoalCompletionSeat0]-3) > 1e-9 || math.Abs(mid[GoalCompletionSeat1]-3) > 1e-9 {
		t.Errorf("deal at $550: seats %v and %v, want 3 and 3", mid[GoalCompletionSeat0], mid[GoalCompletionSeat1])
	}
	noDeal := Compute(listing(), history[:1], nil, &event.Ending{})
	if _, ok := noDeal[Price]; ok || noDeal[GoalCompletion] != 0 || noDeal[Deal] != 0 {
		t.Errorf("no deal with a zone of agreement: %v", noDeal)
	}
}

func TestMutualFriends(t *testing.T) {
	row := scenario.Friend{Name: "Jacob Reyes", Values: map[string]string{"school": "Oberlin"}}
	other := scenario.Friend{Name: "Nina Park", Values: map[string]string{"school": "Rice"}}
	sc := &scenario.Scenario{Family: scenario.MutualFriends, MaxTurns: 22, Friends: &scenario.FriendLists{
		Attributes: []string{"school"}, Lists: [2][]scenario.Friend{{row, other}, {row}}}}
	history := make([]run.Turn, 12)
	marks := []Mark{{Turn: 3, Annotation: event.Annotation{Kind: event.FirstMention, FactID: "mutual-friend"}}}
	m := Compute(sc, history, marks, &event.Ending{Outcome: event.Outcome{Success: true}})
	// 10 - 5 x (12-2)/(22-2) = 7.5; first mention at 3/11.
	if m[GoalCompletion] != 7.5 || m[TurnsToSuccess] != 12 || math.Abs(m[FirstMentionPos]-3.0/11) > 1e-12 {
		t.Errorf("success metrics: %v", m)
	}
	half := Compute(sc, history, nil, &event.Ending{Outcome: event.Outcome{Selections: [2]string{"Jacob Reyes", "Nina Park"}}})
	if half[GoalCompletionSeat0] != 5 || half[GoalCompletionSeat1] != 0 || half[Success] != 0 {
		t.Errorf("failure metrics: %v", half)
	}
}

// FuzzWordCount: words are counted as strings.Fields splits them, on any
// text (Unicode spaces, invalid UTF-8, none at all).
func FuzzWordCount(f *testing.F) {
	for _, s := range []string{"", " ", "two words", "  two words ", "a\u00a0b\u2003c\td\ne", "x\xffy \xff", "\u3000lead and trail\u3000", "日本 語"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := wordCount(s), len(strings.Fields(s)); got != want {
			t.Errorf("wordCount(%q) = %d, strings.Fields gives %d", s, got, want)
		}
	})
}

// TestAnnotationCountsFollowTheKinds: each kind of event.Kinds is counted
// under its metric, the names the rest of the code reads; a denial is not
// counted.
func TestAnnotationCountsFollowTheKinds(t *testing.T) {
	named := map[event.AnnotationKind]string{event.Leak: Leaks, event.MindRead: MindReads, event.Guess: Guesses,
		event.Disclosure: Disclosures, event.FirstMention: FirstMentions}
	var marks []Mark
	for i, k := range event.Kinds {
		if named[k.Kind] != k.Metric {
			t.Errorf("%s is counted as %q, the constant says %q", k.Kind, k.Metric, named[k.Kind])
		}
		for range i + 1 {
			marks = append(marks, Mark{Annotation: event.Annotation{Kind: k.Kind}})
		}
		marks = append(marks, Mark{Annotation: event.Annotation{Kind: k.Kind, Negated: true}})
	}
	m := Compute(listing(), nil, marks, &event.Ending{})
	for i, k := range event.Kinds {
		if m[k.Metric] != float64(i+1) {
			t.Errorf("%s = %v, want %d (the denial not counted)", k.Metric, m[k.Metric], i+1)
		}
	}
}
