package derive

import (
	"slices"
	"testing"

	"github.com/omnigap/omnigap/engine/scenario"
)

func pair(goal0, secret0, goal1 string) *scenario.Scenario {
	return &scenario.Scenario{
		Title: "A favour", Setting: "Two friends meet for coffee.", Family: "sotopia", MaxTurns: 10,
		Seats: []scenario.Seat{
			{Role: "asker", Character: scenario.Character{Name: "Ada Stone", Goal: goal0, Secret: secret0}},
			{Role: "friend", Character: scenario.Character{Name: "Ben Ross", Goal: goal1}},
		},
	}
}

func ids(facts []scenario.Fact) []string {
	var out []string
	for _, f := range facts {
		out = append(out, f.ID)
	}
	return out
}

// An amount and a name in a seat's goal or secret that nothing shared
// says are that seat's facts; a weekday names no one, and an amount the
// partner is told is no secret.
func TestGoalFactsFindAmountsAndNames(t *testing.T) {
	sc := pair("Borrow $5,000 from Ben by Friday.", "You owe Nina Park money.", "Lend no more than $200.")
	got := ids(GoalFacts(sc))
	for _, want := range []string{"seat0-amount-5000", "seat0-name-nina", "seat1-amount-200"} {
		if !slices.Contains(got, want) {
			t.Errorf("goal facts %v: no %s", got, want)
		}
	}
	if slices.Contains(got, "seat0-name-friday") {
		t.Errorf("a weekday made a fact: %v", got)
	}
	shared := pair("Borrow $5,000 from Ben.", "", "Ada may ask you for $5,000.")
	if got := ids(GoalFacts(shared)); slices.Contains(got, "seat0-amount-5000") {
		t.Errorf("an amount the partner is told made a fact: %v", got)
	}
}

// Each piece of a goal's extra information is a fact of its seat, typed
// extra, with evidence of its own words; the goal itself is one too.
func TestToldFactsFindTheExtraInformation(t *testing.T) {
	sc := pair("Persuade Ben to join the trip. Extra information: you already bought two opera tickets.", "", "Decide whether to join.")
	facts := ToldFacts(sc)
	var extra *scenario.Fact
	for i, f := range facts {
		if f.ID == "seat0-extra-1" {
			extra = &facts[i]
		}
	}
	if extra == nil {
		t.Fatalf("told facts %v: no seat0-extra-1", ids(facts))
	}
	if extra.Owner != scenario.Owner(0) || extra.Type != scenario.TypeExtra || !slices.Contains(extra.Phrases, "opera") {
		t.Fatalf("extra fact %+v", *extra)
	}
	if !slices.Contains(ids(facts), "seat0-goal") {
		t.Errorf("told facts %v: no seat0-goal", ids(facts))
	}
}

// A hint glued to the information before it ("...wayHint: ...") is cut
// off as any hint is: its words are advice, not what the side was told.
func TestGluedHintIsNoInformation(t *testing.T) {
	_, extra := goalParts("Stay calm (Extra information: you will not shout at anyone in the hallHint: you can warn them about the consequences)")
	if extra != "you will not shout at anyone in the hall" {
		t.Errorf("extra information %q", extra)
	}
}
