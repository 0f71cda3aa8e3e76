package builtin

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// sotopiaIDs lists the shipped free-form scenarios.
func sotopiaIDs(t *testing.T) []string {
	t.Helper()
	all, err := library.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, sc := range all {
		if sc.Family == scenario.Sotopia {
			ids = append(ids, sc.ID)
		}
	}
	if len(ids) == 0 {
		t.Fatal("no sotopia scenarios shipped")
	}
	return ids
}

// Every shipped free-form scenario plays to its end in every mode without
// a model: the players talk, agree and say goodbye, or run out of turns.
// The writer settles the scene soonest and agents take longest.
func TestEverySotopiaScenarioPlaysOffline(t *testing.T) {
	length := map[view.Mode]int{}
	for _, id := range sotopiaIDs(t) {
		sc, err := library.Resolve(id, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 10; seed++ {
				events := play(t, sc, mode, seed)
				e := ending(events)
				done := turns(events)
				if e.Reason != event.SeatLeft && e.Reason != event.TurnLimit {
					t.Fatalf("%s %s seed %d ended %s: %s", id, mode, seed, e.Reason, e.Outcome.Summary)
				}
				for _, ev := range events {
					if ev.Kind == event.Error {
						t.Fatalf("%s %s seed %d: error event %+v", id, mode, seed, ev)
					}
				}
				if len(done) < 4 {
					t.Fatalf("%s %s seed %d: only %d turns", id, mode, seed, len(done))
				}
				length[mode] += len(done)
			}
		}
	}
	t.Logf("turns played over all free-form episodes: %v", length)
	if !(length[view.Script] < length[view.Mindreaders] && length[view.Mindreaders] < length[view.Agents]) {
		t.Errorf("episode lengths %v: want SCRIPT shortest and AGENTS longest", length)
	}
}

// What a free-form player says of the partner's secret comes from its
// View: agents never say it, mind readers and the writer do.
func TestSotopiaSecretsFollowTheView(t *testing.T) {
	sc, err := library.Resolve("sotopia/borrowed-money", 1)
	if err != nil {
		t.Fatal(err)
	}
	said := func(mode view.Mode, seat int, phrase string) bool {
		for seed := int64(1); seed <= 10; seed++ {
			for _, ev := range turns(play(t, sc, mode, seed)) {
				if ev.Seat == seat && strings.Contains(strings.ToLower(ev.Action.Text), phrase) {
					return true
				}
			}
		}
		return false
	}
	// Sam's secret is his betting debt; Rosa's, that she was laid off.
	if said(view.Agents, 1, "betting") || said(view.Agents, 0, "laid off") {
		t.Error("an AGENTS player spoke of the partner's secret")
	}
	if !said(view.Mindreaders, 1, "betting") || !said(view.Script, 0, "laid off") {
		t.Error("mind readers and the writer never used what they know of the partner")
	}
}

func TestPersonRewritesGoalsAndSecrets(t *testing.T) {
	for _, c := range []struct {
		text, you, me string
		owner         bool
		want          string
	}{
		{"Borrow $2,500 from Rosa", "Rosa", "Sam", true, "Borrow $2,500 from you"},
		{"Borrow $2,500 from Rosa", "Sam", "Rosa", false, "Borrow $2,500 from me"},
		{"He owes $6,800 from sports betting and the lender has started calling his mother.", "Rosa", "Sam", true,
			"I owe $6,800 from sports betting and the lender has started calling my mother."},
		{"She was laid off three weeks ago and is living on her savings while she looks for work.", "Rosa", "Sam", false,
			"you were laid off three weeks ago and are living on your savings while you look for work."},
		{"While Tom was away she threw a party in the flat.", "Tom", "Priya", true, "While you were away I threw a party in the flat."},
		{"Keep July free for the two of you", "Elliot", "Noor", true, "Keep July free for the two of us"},
	} {
		if got := person(c.text, c.you, c.me, c.owner); got != c.want {
			t.Errorf("person(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSecretsWithoutSubjectAreSaidWhole(t *testing.T) {
	for secret, want := range map[string]string{
		"Sells forged paintings to wealthy clients":        "I sell forged paintings to wealthy clients.",
		"Secretly in love with her best friend's husband":  "I am secretly in love with my best friend's husband.",
		"Secretly writes romance novels under a pseudonym": "I secretly write romance novels under a pseudonym.",
		"Once let a criminal go due to sympathy":           "I once let a criminal go due to sympathy.",
		"He's a recovering gambling addict.":               "I am a recovering gambling addict.",
		"She has a hidden tattoo.":                         "I have a hidden tattoo.",
	} {
		if got := upperFirst(person(withSubject(secret), "Nina", "Omar", true)); got != want {
			t.Errorf("%q said as %q, want %q", secret, got, want)
		}
	}
}

func TestAimReadsAfterIdLikeTo(t *testing.T) {
	goal := "To watch a comedy film with your friend.\nHint: offer something in return."
	if got := clause(goal); got != "watch a comedy film with your friend" {
		t.Errorf("clause = %q", got)
	}
	if got := circumstance(goal); got != "" {
		t.Errorf("a hint read as a circumstance: %q", got)
	}
	if got := circumstance("Share the blanket.\nExtra information: you are extremely cold."); got != "you are extremely cold" {
		t.Errorf("circumstance = %q", got)
	}
}
