package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
)

// patient is how long a wait may take on a shared, slow machine.
const patient = 60 * time.Second

// turnsDone is the turn counter of the first pane on screen, or -1.
func turnsDone(s string) int {
	turns, _ := panes(s)
	if len(turns) == 0 {
		return -1
	}
	return turns[0]
}

// yourTurn reports whether the screen shows a turn waiting for the user
// after at least n completed turns.
func yourTurn(n int) func(string) bool {
	return func(s string) bool {
		return turnsDone(s) >= n && strings.Contains(s, "waiting for human") && strings.Contains(s, "── your turn")
	}
}

// esc leaves the input with escape alone: a key that follows an escape
// too closely is read as that key with alt, so it waits until the app
// has taken the escape: the seat's own hint reads "enter types" instead
// of "esc leaves the input". (The footer is no proof: a notice can take
// its help line.) It first waits for the input to hold the keyboard on
// screen: a busy app may still show a frame from before the keys just
// sent, in which the input had already let go. An escape that hands a
// seat back is followed by a wait for the hand-back instead.
func (tm term) esc() {
	tm.t.Helper()
	tm.waitFor("the input to hold the keyboard", patient, func(s string) bool {
		return strings.Contains(s, "esc leaves the input")
	})
	tm.keys("Escape")
	tm.waitFor("the input to let go of the keyboard", patient, func(s string) bool {
		return strings.Contains(s, "enter types") && !strings.Contains(s, "esc leaves the input")
	})
}

// oneRecording reads the only recording in the run's folder.
func oneRecording(t *testing.T, dir string) *record.Recording {
	t.Helper()
	paths, err := record.Files(filepath.Join(dir, "rec"))
	if err != nil || len(paths) != 1 {
		t.Fatalf("want one recording, got %v (%v)", paths, err)
	}
	rec, err := record.Read(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if rec.Footer == nil {
		t.Fatalf("the recording has no footer: %s", rec.EndNote())
	}
	return rec
}

// The built-in seller of craigslist/road-bike, seed 1, opens at $630,
// counters "five hundred" with $590, holds at $590 after "five twenty",
// and accepts a formal offer of $540 (its bottomline is $520).
func TestPlayCraigslistAsBuyerInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launch(t, "play", "play", "--as", "buyer", "--seed", "1", "--pace", "20ms")
	bottomline := "The lowest price Dana will accept is $520."

	var seen []string
	watch := func(s string) string {
		seen = append(seen, s)
		return s
	}
	watch(tm.waitFor("the seller's opening and my turn", patient, yourTurn(1)))
	tm.typeText("would you take five hundred?")
	tm.keys("Enter")
	watch(tm.waitFor("a counter to five hundred", patient, yourTurn(3)))
	tm.typeText("how about five twenty?")
	tm.keys("Enter")
	s := watch(tm.waitFor("a second counter", patient, yourTurn(5)))
	if !strings.Contains(s, "$590") {
		t.Fatalf("the seller should have held at $590:\n%s", s)
	}

	// An answer to an offer nobody made is refused inline and not sent.
	tm.typeText("/accept")
	tm.keys("Enter")
	s = watch(tm.waitFor("the refusal", patient, func(s string) bool { return strings.Contains(s, "✗ “/accept”: there is no formal offer") }))
	if turnsDone(s) != 5 {
		t.Fatalf("a refused move must not be played:\n%s", s)
	}
	tm.keys("C-u")
	tm.typeText("/offer 540")
	tm.keys("Enter")
	tm.waitFor("the offer's warning", patient, func(s string) bool { return strings.Contains(s, "! a formal offer ends the game") })
	tm.keys("Enter")
	s = tm.waitFor("the reveal", patient, func(s string) bool {
		return strings.Contains(s, "The reveal") && strings.Contains(s, "SCRIPT") && strings.Contains(s, "goal completion")
	})
	for _, want := range []string{"deal at $540 (accepted", "Dana Okafor (seller) was told", "Dana's target price is $620.", bottomline, "Your score: goal completion"} {
		if !strings.Contains(s, want) {
			t.Errorf("the reveal should show %q:\n%s", want, s)
		}
	}
	for _, before := range seen {
		if strings.Contains(before, bottomline) || strings.Contains(before, "520") {
			t.Fatalf("the seller's bottomline was on screen before the end:\n%s", before)
		}
	}
	tm.quit(dir)

	rec := oneRecording(t, dir)
	if rec.Header.Backends != [2]string{"builtin", "human"} {
		t.Errorf("recorded backends %v, want builtin for the seller and human for the buyer", rec.Header.Backends)
	}
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Seat == 1 && ev.Backend != "human" {
			t.Errorf("turn %d of the buyer was recorded as %q", ev.Turn, ev.Backend)
		}
	}
	if end := rec.Ending(); end.Reason != event.Accepted || !end.Outcome.Good() {
		t.Errorf("the game should end in an accepted deal, got %+v", end)
	}
}

// A buyer whose first offer is a sensible 75% of the $650 listing gets a
// counter-offer, not a walk-out: the seller of seed 1 answers $487.50 with
// $590 and the game goes on.
func TestSensibleFirstOfferGetsCounterInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launch(t, "counter", "play", "--as", "buyer", "--seed", "1", "--pace", "20ms")
	tm.waitFor("the seller's opening and my turn", patient, yourTurn(1))
	tm.typeText("would you take $487.50 for it?")
	tm.keys("Enter")
	s := tm.waitFor("the seller's answer and my turn again", patient, yourTurn(3))
	// Waiting for the player again means the seller did not walk out.
	if !strings.Contains(s, "$590") {
		t.Fatalf("the seller should have countered with $590:\n%s", s)
	}
	tm.esc()
	tm.quit(dir)
}

// In mutualfriends/night-shift, seed 1, the built-in players go on for
// 14 turns when seat 1 says two turns of small talk at turns 4 and 6.
func TestTakeOverAndHandBackInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launch(t, "takeover", "watch", "mutualfriends/night-shift", "--modes", "agents", "--seed", "1", "--pace", "50ms")
	tm.waitFor("the AGENTS pane", patient, func(s string) bool { return turnsDone(s) >= 0 })

	// Pause, then step to turn 2 so that the take-over starts with turn 3.
	tm.keys("Space")
	s := tm.waitFor("paused", patient, func(s string) bool {
		_, states := panes(s)
		return all(states, "paused")
	})
	if n := turnsDone(s); n > 2 {
		t.Fatalf("the run went past turn 2 before pausing (%d turns)", n)
	}
	for turnsDone(s) < 2 {
		n := turnsDone(s)
		tm.keys("n")
		s = tm.waitFor("one more turn", patient, func(s string) bool {
			_, states := panes(s)
			return turnsDone(s) == n+1 && all(states, "paused")
		})
	}

	// t asks which seat; 1 takes seat 1 (Pavel) from its next turn.
	tm.keys("t")
	tm.waitFor("the seat chooser", patient, func(s string) bool {
		return strings.Contains(s, "take over which seat?") && strings.Contains(s, "1 Ruth Okoye") && strings.Contains(s, "2 Pavel Novak")
	})
	tm.keys("1")
	tm.waitFor("the input box", patient, func(s string) bool { return strings.Contains(s, "Pavel Novak ›") })
	// While typing, single letters are text: n does not step.
	// A key goes either to the input or to the app, so n in the input is
	// n that did not step.
	tm.typeText("n")
	s = tm.waitFor("n in the input", patient, func(s string) bool { return strings.Contains(s, "Pavel Novak › n") })
	if turnsDone(s) != 2 {
		t.Fatalf("n should have been typed into the input, not stepped:\n%s", s)
	}
	tm.keys("BSpace")
	tm.esc() // leave the input
	tm.keys("Space")
	tm.waitFor("Pavel's turn 4", patient, yourTurn(3))
	tm.keys("Enter")
	tm.typeText("hello, who do you know?")
	tm.keys("Enter")
	tm.waitFor("Pavel's turn 6", patient, yourTurn(5))

	// Pause while the move is typed, so the run stops after the partner's
	// next turn and the seat goes back before Pavel's turn 8 starts.
	tm.esc()
	tm.keys("Space", "Enter")
	tm.typeText("let me check my list")
	tm.keys("Enter")
	tm.esc()
	tm.waitFor("turn 6 done, paused", patient, func(s string) bool {
		_, states := panes(s)
		return turnsDone(s) == 6 && all(states, "paused")
	})
	tm.keys("n")
	tm.waitFor("turn 7, paused", patient, func(s string) bool {
		_, states := panes(s)
		return turnsDone(s) == 7 && all(states, "paused")
	})
	tm.keys("Escape") // the input has let go: esc hands the seat back
	tm.waitFor("the hand-back", patient, func(s string) bool {
		return strings.Contains(s, "handed back to builtin") && !strings.Contains(s, "Pavel Novak ›")
	})
	tm.keys("Space", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+")
	tm.waitFor("the end of the run", 2*patient, func(s string) bool {
		_, states := panes(s)
		return all(states, "ended")
	})
	tm.quit(dir)

	// The recording shows seat 1 played by builtin, then by the human for
	// two turns, then by builtin again, with a control event at each
	// change.
	rec := oneRecording(t, dir)
	var segments []string
	var seat1 []string
	for _, ev := range rec.Events {
		switch {
		case ev.Kind == event.Control:
			segments = append(segments, ev.Control+":"+ev.Backend)
		case ev.Kind == event.TurnCompleted && ev.Seat == 1:
			seat1 = append(seat1, ev.Backend)
			if len(segments) == 0 || segments[len(segments)-1] != ev.Backend {
				segments = append(segments, ev.Backend)
			}
		}
	}
	want := []string{"builtin", "take-over:human", "human", "hand-back:builtin", "builtin"}
	if !slices.Equal(segments, want) {
		t.Fatalf("seat 1 segments %v, want %v", segments, want)
	}
	if humans := strings.Count(strings.Join(seat1, " "), "human"); humans != 2 {
		t.Errorf("seat 1 turns %v: want exactly 2 human turns", seat1)
	}
	end := rec.Ending()
	if end.Reason == event.Canceled || end.Turns <= 8 {
		t.Errorf("the run should finish under its backend after the hand-back, ended %+v", end)
	}
	if last := rec.Events[len(rec.Events)-1]; last.Kind != event.RunEnded {
		t.Errorf("the last event is %s, want run_ended", last.Kind)
	}
}

// A formal offer says before it is sent that its answer ends the game:
// the first enter shows how, the dialogue waits, and the second sends it.
// The seller of seed 1 rejects $500 (her floor is $520), which ends it.
func TestFormalOfferSaysItEndsTheGameInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "offerwarn", 80, 24, nil, "play", "--as", "buyer", "--seed", "1", "--pace", "20ms")
	tm.waitFor("the seller's opening and my turn", patient, yourTurn(1))
	tm.typeText("/offer 500")
	tm.keys("Enter")
	s := tm.waitFor("the warning", patient, func(s string) bool { return strings.Contains(s, "! a formal offer ends the game") })
	if turnsDone(s) != 1 || !strings.Contains(s, "Luis Herrera › /offer 500") {
		t.Fatalf("the first enter should only say how the offer ends the game:\n%s", s)
	}
	tm.keys("Enter")
	s = tm.waitFor("the reveal", patient, func(s string) bool { return strings.Contains(s, "How it went") })
	if !strings.Contains(s, "no deal: Dana Okafor rejected the") {
		t.Errorf("the rejected offer should end the game with no deal:\n%s", s)
	}
	tm.quit(dir)
}
