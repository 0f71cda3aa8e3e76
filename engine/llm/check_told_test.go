package llm

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestLeakCheckAsksAboutWhatSidesWereTold: the model's leak check is
// asked about the facts a free-form scenario's extra information and
// goals give (derive.ToldFacts), each with its id, whose it is and what it
// says.
func TestLeakCheckAsksAboutWhatSidesWereTold(t *testing.T) {
	sc := &scenario.Scenario{ID: "test/told", Title: "A weekend plan", Family: scenario.Sotopia, Relationship: scenario.Friends,
		Setting: "Two friends talk about a trip next weekend.", MaxTurns: 2,
		Seats: []scenario.Seat{
			{Role: "friend", Character: scenario.Character{Name: "Ada Moss", Public: "Ada teaches swimming.", Secret: "She once lied on a job form.",
				Goal: "Get your friend to come along.\nExtra information: the trip is more fun with more people, and you can split the fuel costs."}},
			{Role: "friend", Character: scenario.Character{Name: "Ben Hale", Public: "Ben repairs bicycles.", Secret: "He keeps a pet snake.",
				Goal: "Say no without hurting your friend.\nExtra information: you already have other plans that weekend."}},
		}}
	sc.Normalize()
	if err := sc.Check(sc.ID); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.Start()
	defer srv.Close()
	var mu sync.Mutex
	var asked []string
	srv.Respond = func(r *llmtest.Request) string {
		if llmtest.Checking(r) {
			mu.Lock()
			asked = append(asked, r.Last())
			mu.Unlock()
			return llmtest.ScriptedCheck(nil)(r)
		}
		return llmtest.Default(r)
	}
	f := testFactory(testConfig(srv))
	playWith(t, context.Background(), checked(episodeSpec(sc, view.Agents, 1, f), f, 10*time.Second))
	mu.Lock()
	defer mu.Unlock()
	if len(asked) == 0 {
		t.Fatal("no leak check was asked")
	}
	// Ada's first turn is checked for her own facts and Ben's.
	for _, want := range []string{"seat0-extra-1: Ada Moss's: Ada's extra information: the trip is more fun with more people.",
		"seat0-extra-2: Ada Moss's: Ada's extra information: you can split the fuel costs.",
		"seat1-extra-1: Ben Hale's: Ben's extra information: you already have other plans that weekend.",
		"seat1-goal: Ben Hale's: Ben's goal: Say no without hurting your friend."} {
		if !strings.Contains(asked[0], want) {
			t.Errorf("the check's prompt lacks %q:\n%s", want, asked[0])
		}
	}
}
