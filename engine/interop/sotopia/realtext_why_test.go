package sotopia

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// The wrong and the missing annotations that real episodes showed (issue
// 27), each in our own words on a Sotopia-shaped scenario: the rules
// before that issue got every one of them wrong.

// whyScenario builds a Sotopia environment of source with the two goals,
// played by two made-up characters with the given secrets.
func whyScenario(t *testing.T, source, setting string, goals, secrets [2]string) *scenario.Scenario {
	t.Helper()
	env := &Environment{ID: "why", Codename: "why", Source: source, Scenario: setting, Goals: goals[:], Relationship: "3"}
	agents := [2]*Agent{
		{ID: "a", First: "Ada", Last: "Moss", Public: "Ada teaches swimming.", Secret: secrets[0]},
		{ID: "b", First: "Ben", Last: "Hale", Public: "Ben repairs bicycles.", Secret: secrets[1]},
	}
	sc, err := (&Data{}).BuildPair(env, agents)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// whySay speaks lines (seat, text) through an annotator of sc in mode
// and returns every annotation as "kind fact".
func whySay(sc *scenario.Scenario, mode view.Mode, lines ...any) []string {
	a := leak.New(sc, mode)
	var history []event.Turn
	var out []string
	for i := 0; i+1 < len(lines); i += 2 {
		history = append(history, event.Turn{Number: len(history) + 1, Seat: lines[i].(int), Backend: "builtin",
			Action: event.Action{Type: event.Speak, Text: lines[i+1].(string)}})
		for _, an := range a.Annotate(history) {
			if !an.Negated {
				out = append(out, fmt.Sprintf("%s %s", an.Kind, an.FactID))
			}
		}
	}
	return out
}

// divideItems is a Deal-or-No-Deal environment like Sotopia's: seat 0
// values a hat 1, a ball 2, a book 3; seat 1 a hat 2, a ball 1, a book 3.
func divideItems(t *testing.T) *scenario.Scenario {
	return whyScenario(t, "deal-or-no-deal", "Two housemates split 3 hats, 2 balls and 1 book they own together.",
		[2]string{"Get the items worth most to you (<extra_info>Extra information: for you a hat is worth 1 point, a ball 2 points and a book 3 points</extra_info>)",
			"Get the items worth most to you (<extra_info>Extra information: for you a hat is worth 2 points, a ball 1 point and a book 3 points</extra_info>)"},
		[2]string{"She once lied on a job form.", "He keeps a pet snake."})
}

func TestWhyItemValueIsBoundToItsItem(t *testing.T) {
	sc := divideItems(t)
	cases := []struct {
		seat      int
		text      string
		want, not []string
	}{
		// "one point each" is the value of the hat and the balls; "two" counts the balls.
		{1, "Maybe the hat and the two balls could be one point each, and the book three.", []string{"disclosure seat1-value-ball"},
			[]string{"disclosure seat1-value-hat", "guess seat0-value-ball", "guess seat0-value-hat"}},
		// Each value is its own item's, not the other item's number.
		{0, "For me a hat is worth one point, a ball is worth two.", []string{"disclosure seat0-value-hat", "disclosure seat0-value-ball"},
			[]string{"guess seat1-value-hat", "guess seat1-value-ball"}},
		// A count is not a value.
		{0, "So they each can take 1 hat, which keeps the points even.", nil, []string{"disclosure seat0-value-hat"}},
		// "to you" gives the value to the listener, not to the speaker.
		{1, "As for the hats, they're worth 2 points each to you.", nil, []string{"disclosure seat1-value-hat"}},
	}
	for _, c := range cases {
		got := whySay(sc, view.Agents, c.seat, c.text)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: want %s, got %v", c.text, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: %s is wrong (got %v)", c.text, n, got)
			}
		}
	}
}

func TestWhySceneWordsAreNoEvidenceForASecret(t *testing.T) {
	charity := whyScenario(t, "persuation_for_good", "Two friends help at a charity event for children in Syria.",
		[2]string{"Convince your friend to give more.", "Keep your spending safe while helping."},
		[2]string{"She once lied on a job form.", "Secretly donates to charities for underprivileged children"})
	for _, line := range []string{"I hope you'll contribute generously to this noble cause.", "Think of what a bigger donation could do for these children's lives."} {
		if got := whySay(charity, view.Agents, 0, line); slices.ContainsFunc(got, func(s string) bool { return strings.HasSuffix(s, "seat1-secret") }) {
			t.Errorf("%q: the scene's own words read as Ben's secret: %v", line, got)
		}
	}
	if got := whySay(charity, view.Agents, 1, "I quietly give to needy kids, underprivileged ones, every month."); !slices.Contains(got, "disclosure seat1-secret") {
		t.Errorf("Ben telling his secret is not marked: %v", got)
	}
	house := whyScenario(t, "social_chemistry", "A homeowner talks with a relative's partner who has stayed at the house for weeks.",
		[2]string{"Ask the guest to leave.", "Stay on in the house."},
		[2]string{"She is a talented painter but never shares her work.", "He keeps a pet snake."})
	for _, line := range []string{"This house needs respect and shared responsibility, and we should work on it together.",
		"It is a lovely home, but it asks for respect and shared responsibility."} {
		if got := whySay(house, view.Agents, 1, line); slices.ContainsFunc(got, func(s string) bool { return strings.HasSuffix(s, "seat0-secret") }) {
			t.Errorf("%q reads as Ada's secret: %v", line, got)
		}
	}
}

func TestWhyAmountIsThePartnersOnlyWhenSaidAsTheirs(t *testing.T) {
	sc := whyScenario(t, "persuation_for_good", "Two friends help at a charity event for children in Syria.",
		[2]string{"Convince your friend to give more (<extra_info>Extra information: your friend meant to give $200, but you think they could give $500</extra_info>)",
			"Keep your spending safe while helping (<extra_info>Extra information: you have only $300 put aside for gifts and other costs</extra_info>)"},
		[2]string{"She once lied on a job form.", "He keeps a pet snake."})
	if got := whySay(sc, view.Agents, 0, "Even an extra $300 donation would help them a lot."); len(got) > 0 && slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "seat1-amount-300") }) {
		t.Errorf("a $300 donation reads as Ben's $300 budget: %v", got)
	}
	if got := whySay(sc, view.Script, 0, "I know your budget is only $300, Ben."); !slices.Contains(got, "leak seat1-amount-300") {
		t.Errorf("Ben's budget said as his is not a leak: %v", got)
	}
}

func TestWhyExtraInformationIsAFact(t *testing.T) {
	cases := []struct {
		setting string
		goals   [2]string
		seat    int
		line    string
		want    string
	}{
		{"Two partners on holiday talk about how they sleep.",
			[2]string{"Keep sharing one bed.", "Sleep apart for a while yet stay close (<extra_info>Extra information: you have been having back pain and need a firmer mattress to sleep on.</extra_info>)"},
			1, "Honestly, my back pain keeps me awake at night.", "disclosure seat1-extra-1"},
		{"Two friends talk about a trip next weekend.",
			[2]string{"Get your friend to come along.", "Say no kindly (<extra_info>Extra information: you already have other plans for the weekend.</extra_info>)"},
			1, "I'd love to, but I already have other plans.", "disclosure seat1-extra-1"},
		{"Two friends browse a garage sale.",
			[2]string{"Sell the old record.", "Buy it but keep your friend out of trouble (<extra_info>Extra information: you know the record belongs to a mutual friend.</extra_info>)"},
			1, "Wait, I'm fairly sure that record belongs to Sam, our mutual friend.", "disclosure seat1-extra-1"},
	}
	for _, c := range cases {
		sc := whyScenario(t, "social_chemistry", c.setting, c.goals, [2]string{"She once lied on a job form.", "He keeps a pet snake."})
		if got := whySay(sc, view.Agents, c.seat, c.line); !slices.Contains(got, c.want) {
			t.Errorf("%q: want %s, got %v", c.line, c.want, got)
		}
	}
}

// TestWhyAPersonsTurnsFollowTheSameRules: a player's turn in `play` and a
// HUMANS transcript's are read by the same rules: a count or a donation
// equal to the partner's figure is no guess.
func TestWhyAPersonsTurnsFollowTheSameRules(t *testing.T) {
	donate := whyScenario(t, "persuation_for_good", "Two friends help at a charity event for children in Syria.",
		[2]string{"Convince your friend to give more.", "Keep your spending safe while helping (<extra_info>Extra information: you have only $300 put aside for gifts and other costs</extra_info>)"},
		[2]string{"She once lied on a job form.", "He keeps a pet snake."})
	divide := divideItems(t)
	for _, c := range []struct {
		sc   *scenario.Scenario
		text string
	}{{donate, "Even an extra $300 donation would help them a lot."}, {divide, "Maybe the hat and the two balls could be one point each."}} {
		for _, mode := range []view.Mode{view.Agents, view.Humans} {
			a := leak.New(c.sc, mode)
			turn := event.Turn{Number: 1, Seat: 0, Backend: "human", Person: event.PersonSeesOwn, Action: event.Action{Type: event.Speak, Text: c.text}}
			for _, an := range a.Annotate([]event.Turn{turn}) {
				if an.Kind == event.Guess {
					t.Errorf("%s, a person: %q reads as a guess of %s", mode, c.text, an.FactID)
				}
			}
		}
	}
}
