package mutualfriends

import (
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// How each question the mutual friends players ask may be answered: the
// opening words of a reply that fits it. "I do" answers only "Do you…?";
// "How about yours?" gets a count or a no; an open question gets neither
// a yes nor a no.
var (
	whetherReplies = []string{"Yes, ", "No, ", "Nope, "}
	doYouReplies   = []string{"Yes, ", "I do", "No, ", "Nope, "}
	aboutReplies   = []string{"One of mine ", "I have ", "Just one ", "On my list, ", "Among my friends, ", "No, ", "Nope, "}
	openReplies    = []string{"Let me look ", "Hmm, let me go ", "Good question, "}
	// A question about someone by name is answered about them: on the
	// list too (and selected), or not.
	// (and "Gwen Ito is on my list as well": the name asked opens it too).
	nameReplies = []string{"Yes, I know ", "Great, ", "No, ", "Hmm, I don't know anyone called "}
)

var repliesTo = map[string][]string{
	"Any friend of yours who":          whetherReplies,
	"Is there anyone on your list who": whetherReplies,
	"Anyone among your friends who":    whetherReplies,
	"Any of yours?":                    whetherReplies,
	"Anyone on your side?":             whetherReplies,
	"Do you know someone who":          doYouReplies,
	"How about yours?":                 aboutReplies,
	"Tell me more about your friends?": openReplies,
	"What else do your friends have":   openReplies,
	"Could you describe a few of your": openReplies,
	"What are your friends like?":      openReplies,
	"Do you happen to know ":           nameReplies,
	"Is ":                              nameReplies,
	"What about ":                      nameReplies,
}

// fittingReplies finds the question a turn ends with, the opening of
// repliesTo it starts with ("" for none) and the replies that fit it.
func fittingReplies(text string) (question, opening string, replies []string, ok bool) {
	i := strings.LastIndex(text, "?")
	if i < 0 {
		return "", "", nil, false
	}
	start := strings.LastIndexAny(text[:i], ".!") + 1
	question = strings.TrimSpace(text[start : i+1])
	// The longest opening that fits: "Is there anyone on your list who"
	// before "Is ".
	for o, r := range repliesTo {
		if strings.HasPrefix(question, o) && len(o) > len(opening) {
			opening, replies = o, r
		}
	}
	return question, opening, replies, true
}

// Every question line of the players has its fitting replies above.
func TestEveryFriendsQuestionHasItsReplies(t *testing.T) {
	for _, act := range []friendsAct{actAsk, actInformAsk, actStuck, actAskName} {
		for _, l := range friendsLines[act] {
			text := talk.Render(l, talk.Slots{One: "works at Nimbus Cloud", Many: "work at Nimbus Cloud", Name: "Jacob Miller"})
			if q, _, replies, ok := fittingReplies(text); !ok || replies == nil {
				t.Errorf("%q: no fitting replies listed for %q", text, q)
			}
		}
	}
}

// In every mode, over generated and authored scenarios and many seeds,
// the turn after a question answers it in words that fit its form: "Is
// there anyone…?" is not answered "I do, …".
func TestFriendsAnswersFitTheQuestion(t *testing.T) {
	var scenarios []*scenario.Scenario
	for _, id := range []string{"mutualfriends/alumni-mixer", "mutualfriends/night-shift"} {
		sc, err := library.Resolve(id, 1)
		if err != nil {
			t.Fatal(err)
		}
		scenarios = append(scenarios, sc)
	}
	for seed := int64(1); seed <= 120; seed++ {
		scenarios = append(scenarios, generate.MutualFriends(seed))
	}
	answered := map[string]int{}
	for i, sc := range scenarios {
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 4; seed++ {
				ts := builtintest.Turns(builtintest.Play(t, sc, mode, seed+int64(i)))
				for k := 1; k < len(ts); k++ {
					q, opening, replies, ok := fittingReplies(ts[k-1].Action.Text)
					if !ok {
						continue
					}
					if replies == nil {
						t.Fatalf("%s %s seed %d turn %d: a question no player asks: %q", sc.ID, mode, seed, k, q)
					}
					reply := ts[k].Action.Text
					if opening != "" && &repliesTo[opening][0] == &nameReplies[0] {
						for _, name := range namesAsked(q) {
							replies = append(slices.Clone(replies), name+" ")
						}
					}
					if !hasAnyPrefix(reply, replies) {
						t.Fatalf("%s %s seed %d: %q is answered %q", sc.ID, mode, seed+int64(i), q, reply)
					}
					answered[opening]++
				}
			}
		}
	}
	// The open questions come only when a partner denies everything,
	// which the built-in players never do; the next test asks them.
	for opening, replies := range repliesTo {
		if answered[opening] == 0 && replies[0] != openReplies[0] {
			t.Errorf("%q was never asked", opening)
		}
	}
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// Questions put by another kind of partner (a person, a model) are
// answered in their form too.
func TestFriendsAnswersFitQuestionsOfOtherPartners(t *testing.T) {
	sc := generate.MutualFriends(3)
	f := mf.ListsOf(sc)
	attr := f.Attributes[0]
	have := f.Lists[1][0].Values[attr]
	one, many := verbsFor(attr, have)
	_, noneMany := verbsFor(attr, "Nowhere At All")
	stuck := friendsLines[actStuck]
	cases := []struct {
		question string
		replies  []string
	}{
		{"So, do you know anyone who " + one + "?", doYouReplies},
		{"Does anyone on your list " + many + "?", whetherReplies},
		{"Which of your friends " + many + "?", aboutReplies},
		{"Some of my friends " + many + ". What about yours?", aboutReplies},
		{"Some of my friends " + noneMany + ". What about yours?", []string{"No, ", "Nope, "}},
		{"Do you know someone who " + noneMany + "?", []string{"No, ", "Nope, "}},
	}
	for _, l := range stuck {
		cases = append(cases, struct {
			question string
			replies  []string
		}{l, openReplies})
	}
	for _, c := range cases {
		for seed := int64(1); seed <= 12; seed++ {
			backends, err := builtin.Factory{}.Backends(sc, view.Agents, seed)
			if err != nil {
				t.Fatal(err)
			}
			history := []event.Turn{{Number: 1, Seat: 0, Speaker: sc.Seats[0].Character.Name, Action: event.Action{Type: event.Speak, Text: c.question}}}
			res, err := backends[1].Turn(t.Context(), run.Request{Seat: 1, Turn: 2, History: history})
			if err != nil {
				t.Fatal(err)
			}
			if !hasAnyPrefix(res.Action.Text, c.replies) {
				t.Fatalf("seed %d: %q is answered %q", seed, c.question, res.Action.Text)
			}
		}
	}
}
