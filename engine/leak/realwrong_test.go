package leak

import (
	"slices"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// The highlights that were wrong on real episodes (issue 36, and
// engine/leak/testdata/real-spans.txt), each said again in our own words
// in a scene of its own: none of them states the fact it was taken for.

// scene is a free-form scene of two friends whose goals are given.
func scene(setting, goal0, goal1 string) *scenario.Scenario {
	sc := &scenario.Scenario{
		ID: "test/scene", Title: "Two friends", Setting: setting, Family: "sotopia", MaxTurns: 20, Relationship: scenario.Friends,
		Seats: []scenario.Seat{
			{Role: "friend", Character: scenario.Character{Name: "Ada Stone", Public: "A nurse.", Goal: goal0}},
			{Role: "friend", Character: scenario.Character{Name: "Ben Ross", Public: "A carpenter.", Goal: goal1}},
		},
	}
	sc.Normalize()
	return sc
}

// said annotates the turns, seat 0 first and turn about, as made in mode.
func said(sc *scenario.Scenario, mode view.Mode, texts ...string) [][]event.Annotation {
	a := New(sc, mode)
	var history []event.Turn
	var out [][]event.Annotation
	for i, text := range texts {
		history = append(history, event.Turn{Number: i + 1, Seat: i % 2, Backend: "model",
			Action: event.Action{Type: event.Speak, Text: text}})
		out = append(out, a.Annotate(history))
	}
	return out
}

func TestWrongHighlightsOfRealEpisodesAreGone(t *testing.T) {
	for _, c := range []struct {
		name                  string
		setting, goal0, goal1 string
		turns                 []string // seat 0 first
	}{
		{"a contraction is no evidence (you've)", "Two friends run into each other at the mall again.",
			"Find out why your friend keeps turning up.",
			"Explain yourself. Extra information: you've been doing chores in town all afternoon and meeting them is a coincidence.",
			[]string{"Hey Ben, I saw you've been near me the whole afternoon. Do you need something?"}},
		{"a contraction is no evidence (you're)", "Two friends study side by side in a library.",
			"Ask your friend to keep their voice down.",
			"Keep talking. Extra information: you are thrilled about the book you're reading aloud.",
			[]string{"Ben, could you speak a little more quietly? You're distracting the people around us."}},
		{"a goal's verb is no evidence (support)", "Two friends talk about a fundraiser for flood victims.",
			"Get your friend to give to the fundraiser.",
			"Keep your savings safe while supporting the fundraiser.",
			[]string{"I think it matters so much to support people who lost their homes."}},
		{"a goal's verb is no evidence (maintaining)", "Two cousins share a flat and argue about chores.",
			"Ask your cousin to move out.",
			"Stay in the flat while maintaining a good relationship with your cousin.",
			[]string{"Honest talk is always the key to maintaining a calm home."}},
		{"a goal's verb is no evidence (seek)", "Two friends talk after a hard week.",
			"Seek comfort from your friend.",
			"Listen to your friend.",
			[]string{"I had a rough week.", "It's fine to seek a counsellor if you need one, you know."}},
		{"a common word is no evidence (together)", "A couple on holiday discuss how they sleep.",
			"Share the bed and sleep together.",
			"Sleep in a bed of your own.",
			[]string{"How did you sleep?", "We can still spend time together in the evenings before bed."}},
		{"a common word is no evidence (important)", "Two friends have dinner and one keeps checking the phone.",
			"Get your friend to put the phone away.",
			"Keep answering your messages. Extra information: you have some pressing and important emails to answer.",
			[]string{"I know it's important to stay in touch, but it feels rude when you scroll at dinner."}},
		{"a denial of a goal's words states nothing (physical)", "Two friends talk about a rival they both dislike.",
			"Show how much you dislike the rival.",
			"Prevent physical harm but also express your dislike.",
			[]string{"There must be a way to deal with them that doesn't involve physical harm."}},
		{"the scene's topic is no evidence (hospital)", "A driver has hit a cyclist on a quiet road at night.",
			"Get the cyclist to safety.",
			"Refuse the ambulance. Extra information: you believe a car is the fastest way to reach a hospital.",
			[]string{"Oh no, are you hurt? Let me drive you, we need to get you to a hospital right away."}},
		{"the scene's topic is no evidence (ritual)", "Two friends meet in a park.",
			"End your run of bad luck.",
			"Help your friend prepare the ritual to end the bad luck, although you are a sceptic.",
			[]string{"Let's try to create a unique ritual with good intentions."}},
		{"another feeling is not this one (nervous)", "A skater fell and is waiting for help by the rink.",
			"Cheer up the injured skater.",
			"Decline the ambulance. Extra information: you are worried about the cost of the ambulance.",
			[]string{"At my first contest I was fifteen and terribly nervous, and I fell too."}},
		{"a word in another sense is no disclosure (fun)", "Two friends talk about the weekend.",
			"Convince your friend to join the trip. Extra information: the trip will be more fun with more people.",
			"Decline the trip.",
			[]string{"You're going hiking? That sounds like a lot of fun!"}},
		{"a word in another sense is no disclosure (budget)", "Two volunteers plan a charity gala.",
			"Get your partner to give more.",
			"Give what you can. Extra information: you are not comfortable about exceeding this budget.",
			[]string{"What should we spend on?", "Our allocated budget should go to the posters and the hall."}},
		{"a word in another sense is no disclosure (found, out)", "Two friends meet in a park.",
			"End your bad luck. Extra information: you found out that you have been carrying a cursed charm without knowing it.",
			"Help your friend.",
			[]string{"I found out the cafe is closed, so let's sit out here."}},
		{"a word in another sense is no disclosure (feeling)", "Two coworkers chat by the coffee machine.",
			"Ask for a day off. Extra information: you have been feeling under the weather all week.",
			"Keep the team on schedule.",
			[]string{"I have a good feeling about the launch."}},
		{"a goal is not drawn: a side saying what it is after is the conversation", "Two roommates talk about a broken lamp.",
			"Get your roommate to settle the lamp before moving out.",
			"Keep your money.",
			[]string{"Since you're moving out, let's settle the lamp now."}},
		{"a quotation of an earlier turn is no new statement", "Two friends talk before a dinner party.",
			"Enjoy the party. Extra information: you are allergic to shellfish.",
			"Find out what your friend can eat.",
			[]string{"What are you cooking?",
				"You told me you're allergic to shellfish, so I made pasta.",
				`Wait, you said: "You told me you're allergic to shellfish, so I made pasta." I never told you that.`}},
	} {
		sc := scene(c.setting, c.goal0, c.goal1)
		for _, mode := range []view.Mode{view.Agents, view.Script} {
			for i, anns := range said(sc, mode, c.turns...) {
				if i == 1 && len(c.turns) == 3 {
					continue // the quoted turn's first saying is a guess of its own
				}
				for _, a := range anns {
					if a.Kind != event.FirstMention { // a denial too: none denies the fact either
						t.Errorf("%s: %s turn %d %q: a %s of %s on %q", c.name, mode, i+1, c.turns[i], a.Kind, a.FactID,
							string([]rune(c.turns[i])[a.Start:a.End]))
					}
				}
			}
		}
	}
}

// A piece of extra information is about its owner or about someone
// else; what the owner knows frames it.
func TestTellsOfOwner(t *testing.T) {
	for text, want := range map[string]bool{
		"Ada's extra information: you have been having back pain.":        true,
		"Ada's extra information: You are worried about the cost.":        true,
		"Ada's extra information: you're running late.":                   true,
		"Ada's extra information: your friend planned to give $200.":      false,
		"Ada's extra information: You know the item belongs to a friend.": false,
		"Ada's extra information: you found out that you lost the ring.":  true,
		"Ada's extra information: you are aware that they lied.":          false,
		"Ada's extra information: the item is a vintage record.":          false,
		"Ada's extra information: you believe they could afford $500.":    false,
		"Ada's extra information: the other person is not sleeping well.": false,
	} {
		if got := tellsOfOwner(text); got != want {
			t.Errorf("tellsOfOwner(%q) = %v, want %v", text, got, want)
		}
	}
}

// An amount said approximately of another's fact is no guess when its
// owner said that amount before ("you said $60" to a seller who asked $60
// of her $58.60 target), and a name a goal gives ("the Red Cross") is
// not named by the same word in lower case ("cross paths").
func TestEchoesAndLowerCaseNamesAreNoGuesses(t *testing.T) {
	for _, c := range []struct {
		name, setting, goal0, goal1 string
		turns                       []string
		fact                        string
	}{
		{"an echo of the owner's own figure", "Two neighbours haggle over an oak side table at a yard sale.",
			"Buy the table cheaply.", "Sell the table. Your target price is $58.60.",
			[]string{"How much are you asking?", "As for the price, I have set it at $60.00, which I believe is a fair value for solid oak.",
				"I understand that you believe the price of $60.00 is fair for the table. My budget is around $30.00."}, "seat1-amount-58.60"},
		{"a goal's name in lower case", "Two friends talk at a party.",
			"Find out whether you know people in common. Extra information: you volunteer with the Red Cross.",
			"Find out whether you know people in common.",
			[]string{"I spend my weekends helping out at a shelter.", "Did we maybe cross paths there?"}, "seat0-name-cross"},
	} {
		sc := scene(c.setting, c.goal0, c.goal1)
		if !slices.ContainsFunc(sc.Facts(), func(f scenario.Fact) bool { return f.ID == c.fact }) {
			t.Fatalf("%s: the scene has no fact %s: %v", c.name, c.fact, sc.Facts())
		}
		for _, mode := range []view.Mode{view.Agents, view.Script} {
			for i, anns := range said(sc, mode, c.turns...) {
				for _, a := range anns {
					if a.FactID == c.fact && a.Kind != event.Disclosure {
						t.Errorf("%s: %s turn %d %q: a %s of %s on %q", c.name, mode, i+1, c.turns[i], a.Kind, a.FactID,
							string([]rune(c.turns[i])[a.Start:a.End]))
					}
				}
			}
		}
	}
}
