package craigslist

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// eachTurn plays sc in every mode for seeds 1..seeds and calls f with
// every completed turn's text, lower-cased.
func eachTurn(t *testing.T, sc *scenario.Scenario, seeds int64, f func(mode view.Mode, seed int64, text string)) {
	t.Helper()
	for seed := int64(1); seed <= seeds; seed++ {
		for _, mode := range view.Modes {
			for _, ev := range builtintest.Turns(builtintest.Play(t, sc, mode, seed)) {
				f(mode, seed, strings.ToLower(ev.Action.Text))
			}
		}
	}
}

// Messaging words in a face-to-face scene, and face-to-face words in a
// chat about an ad, are what a reader trips over first.
var (
	messagingWords = []string{
		"getting back to me", "answering so quickly", "quick reply", "most evenings", "in person first",
		"come and see it", "send me a time", "pick it up tomorrow", "thanks for writing", "saw your ad",
		"still available", "still for sale", "sending the offer", "putting the offer through",
		"other ads", "when to meet", "come by tomorrow", "good to hear from you", "delivered",
	}
	inPersonWords = []string{
		"thanks for coming", "here it is", "shake on it", "showing me", "take a good look", "closer look",
		"looks good in person", "glad you could", "right now", "get going", "proper look", "all this way",
		"so this is", "so that's the place", "good look at it",
	}
)

// Each scene says only what fits how its two sides talk: the library's
// listings meet in person, generated ones are chats about an ad.
func TestLinesFitTheMeeting(t *testing.T) {
	for _, sc := range builtintest.Library(t, scenario.Craigslist) {
		if !cl.ListingOf(sc).InPerson() {
			t.Fatalf("%s: the library's listings meet in person", sc.ID)
		}
		eachTurn(t, sc, 25, func(mode view.Mode, seed int64, text string) {
			for _, w := range messagingWords {
				if strings.Contains(text, w) {
					t.Errorf("%s %s seed %d, face to face, says %q: %q", sc.ID, mode, seed, w, text)
				}
			}
		})
	}
	for seed := int64(1); seed <= 12; seed++ {
		sc := generate.Craigslist(seed)
		if cl.ListingOf(sc).InPerson() {
			t.Fatalf("%s: generated listings are chats", sc.ID)
		}
		eachTurn(t, sc, 4, func(mode view.Mode, s int64, text string) {
			for _, w := range inPersonWords {
				if strings.Contains(text, w) {
					t.Errorf("%s %s seed %d, a chat, says %q: %q", sc.ID, mode, s, w, text)
				}
			}
		})
	}
}

// A room is rented, not bought: no sale words, and the rent is monthly.
func TestHousingTalksRent(t *testing.T) {
	saleWords := []string{"buy", "pick it up", "taken good care", "working order", "selling it", "the sale",
		"for sale", "barely been used", "cash", "similar ones", "less than i paid", "one of these"}
	housing := []*scenario.Scenario{}
	for _, sc := range builtintest.Library(t, scenario.Craigslist) {
		if cl.ListingOf(sc).Category == "housing" {
			housing = append(housing, sc)
		}
	}
	for seed := int64(1); len(housing) < 4 && seed < 200; seed++ {
		if sc := generate.Craigslist(seed); cl.ListingOf(sc).Category == "housing" {
			housing = append(housing, sc)
		}
	}
	if len(housing) < 4 {
		t.Fatalf("found %d housing scenarios", len(housing))
	}
	for _, sc := range housing {
		for seed := int64(1); seed <= 20; seed++ {
			for _, mode := range view.Modes {
				tt := builtintest.Turns(builtintest.Play(t, sc, mode, seed))
				for i, ev := range tt {
					text := strings.ToLower(ev.Action.Text)
					for _, w := range saleWords {
						if talk.HasPhrase(text, w) {
							t.Errorf("%s %s seed %d says %q of a rent: %q", sc.ID, mode, seed, w, ev.Action.Text)
						}
					}
					if i < 2 && !strings.Contains(text, "a month") && !strings.Contains(text, "rent") && ev.Action.Type != event.Offer {
						t.Errorf("%s %s seed %d opens without a monthly rent: %q", sc.ID, mode, seed, ev.Action.Text)
					}
				}
			}
		}
	}
}

// A question of the pools is answered in the partner's next turn.
func TestQuestionsAreAnsweredNextTurn(t *testing.T) {
	scs := builtintest.Library(t, scenario.Craigslist)
	for seed := int64(1); seed <= 8; seed++ {
		scs = append(scs, generate.Craigslist(seed))
	}
	asked := 0
	for _, sc := range scs {
		for seed := int64(1); seed <= 10; seed++ {
			for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
				tt := builtintest.Turns(builtintest.Play(t, sc, mode, seed))
				for i := 0; i+1 < len(tt); i++ {
					side := tt[i].Seat // seat 0 sells, seat 1 buys
					about, ok := askedAbout(tt[i].Action.Text, side)
					if !ok || tt[i+1].Action.Type == event.Leave {
						continue
					}
					asked++
					if !saysOneOf(tt[i+1].Action.Text, bargainAnswers[about][1-side], thingOf(sc)) {
						t.Errorf("%s %s seed %d: %q is not answered by %q", sc.ID, mode, seed, tt[i].Action.Text, tt[i+1].Action.Text)
					}
				}
			}
		}
	}
	if asked < 100 {
		t.Errorf("only %d questions were asked", asked)
	}
}

// saysOneOf reports whether text says a sentence of pool, its item in a
// word being thing.
func saysOneOf(text string, pool []line, thing string) bool {
	for _, l := range pool {
		if strings.Contains(text, talk.Render(l.text, talk.Slots{Thing: thing})) {
			return true
		}
	}
	return false
}

// thingOf is a Craigslist scenario's item in a word, as its players say it.
func thingOf(sc *scenario.Scenario) string {
	l := cl.PublicListingOf(view.For(sc, view.Agents, 0))
	return thingName(itemName(l), sceneOf(l))
}

// A long stalemate does not read as a loop: no seat says a sentence other
// than its price again within three of its own turns.
func TestLongStalematesDoNotLoop(t *testing.T) {
	for _, sc := range builtintest.Library(t, scenario.Craigslist) {
		for seed := int64(1); seed <= 20; seed++ {
			for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
				var mine [2][]map[string]bool
				for _, ev := range builtintest.Turns(builtintest.Play(t, sc, mode, seed)) {
					said := map[string]bool{}
					for _, s := range talk.Sentences(strings.ToLower(ev.Action.Text)) {
						if strings.Contains(s.Text, "$") {
							continue
						}
						for _, earlier := range mine[ev.Seat][max(0, len(mine[ev.Seat])-2):] {
							if earlier[s.Text] {
								t.Errorf("%s %s seed %d: seat %d says %q again within three turns", sc.ID, mode, seed, ev.Seat, s.Text)
							}
						}
						said[s.Text] = true
					}
					mine[ev.Seat] = append(mine[ev.Seat], said)
				}
			}
		}
	}
}
