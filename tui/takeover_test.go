package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/recordtest"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// pausedAgents is a live AGENTS run of the test scenario, paused.
func pausedAgents(t *testing.T) *model {
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Agents}, Seed: 1, Pace: time.Millisecond,
		Factory: factoryFunc(func(view.Mode) run.Backend {
			return scriptedBackend{name: "fixture", lines: []string{"Nice weather for a ride.", "It is, yes."}}
		}),
	})
	m.setPaused(true)
	return m
}

func TestChooserPicksOrCancels(t *testing.T) {
	m := pausedAgents(t)
	tm := startTeatest(t, m, 120, 30)
	tm.Send(press("t"))
	waitScreen(t, tm, "take over which seat?", "0 Alice (seller)", "1 Bob (buyer)", "esc cancels")
	tm.Send(press("esc"))
	s := waitScreen(t, tm, "turn ")
	if strings.Contains(s, "take over which seat?") || strings.Contains(s, "›") {
		t.Fatalf("esc should close the chooser without taking a seat:\n%s", s)
	}
	tm.Send(press("t"))
	tm.Send(press("down"))
	tm.Send(press("enter"))
	waitScreen(t, tm, "Bob › ", "you play Bob from their next turn")
	m = finalModel(t, tm)
	if h := m.panes[0].Player(); h == nil || h.Seat != 1 || !h.Input.Focused() || m.panes[0].Dock() != nil {
		t.Fatalf("enter on the second line should hand seat 1 to the user, hold = %+v", h)
	}
}

// t stops the focused pane's run while it asks which seat, so the moment
// to take is still there; esc lets it go on only if it was running, and
// a seat chosen lets it go on too.
func TestTakeOverChooserPausesTheRun(t *testing.T) {
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Agents}, Seed: 1, Pace: 30 * time.Millisecond,
		Factory: factoryFunc(func(view.Mode) run.Backend {
			return scriptedBackend{name: "fixture", lines: []string{"It is a fine day for a long ride along the river."}}
		}),
	})
	ctrl := m.panes[0].Live().Control
	tm := startTeatest(t, m, 120, 30)
	waitScreen(t, tm, "1 Alice")

	tm.Send(press("t"))
	waitScreen(t, tm, "take over which seat?")
	if !ctrl.Paused() {
		t.Fatal("the run should pause while the chooser is open")
	}
	started := ctrl.Started()
	time.Sleep(800 * time.Millisecond) // three turns' time at this pace
	if n := ctrl.Started(); n != started {
		t.Fatalf("%d turns started while the chooser was open", n-started)
	}
	waitScreen(t, tm, "paused")
	tm.Send(press("esc"))
	if !eventually(5*time.Second, func() bool { return !ctrl.Paused() && ctrl.Started() > started }) {
		t.Fatal("esc should let the run go on")
	}

	// Paused before: esc leaves it paused.
	tm.Send(press("space"))
	waitScreen(t, tm, "paused · seed")
	tm.Send(press("t"))
	waitScreen(t, tm, "take over which seat?")
	tm.Send(press("esc"))
	s := screen(t, tm) // the esc has been handled
	if strings.Contains(s, "take over which seat?") || !ctrl.Paused() {
		t.Fatal("esc should close the chooser and leave a paused run paused")
	}

	// A seat chosen: the run goes on to the seat's turn.
	tm.Send(press("space"))
	tm.Send(press("t"))
	waitScreen(t, tm, "take over which seat?")
	tm.Send(press("1"))
	waitScreen(t, tm, "Bob › ", "waiting for human")
	if ctrl.Paused() {
		t.Error("the run should go on once the seat is chosen")
	}
}

func TestInputTakesSingleLetterKeysAndRefusesInvalidMoves(t *testing.T) {
	m := pausedAgents(t)
	tm := startTeatest(t, m, 120, 30)
	tm.Send(press("t"))
	tm.Send(press("1"))
	waitScreen(t, tm, "Bob › ")
	// q, n, t, space, s, i and ? are text while typing.
	typeText(tm, "q n t s i ?")
	s := waitScreen(t, tm, "Bob › q n t s i ?")
	if strings.Contains(s, "take over which seat?") || strings.Contains(s, "Who knows what") || strings.Contains(s, "sync") {
		t.Fatalf("a letter typed into the input triggered its command:\n%s", s)
	}
	waitScreen(t, tm, "enter send", "esc leave input", "ctrl+c quit")

	// An offer in a free-form scenario is refused with the reason and
	// its text; the box is emptied for the next move and nothing is sent.
	tm.Send(press("ctrl+u"))
	typeText(tm, "/offer 100")
	tm.Send(press("enter"))
	waitScreen(t, tm, "✗ “/offer 100”: offers are for Craigslist negotiations", "Bob › type what Bob says")
	typeText(tm, "0")
	s = waitScreen(t, tm, "Bob › 0")
	if strings.Contains(s, "✗") {
		t.Error("editing the text should clear the refusal")
	}
	tm.Send(press("ctrl+u"))
	typeText(tm, "/help")
	tm.Send(press("enter"))
	waitScreen(t, tm, "/act TEXT", "/leave", "/help")
	// Speech before the seat's turn is refused too.
	typeText(tm, "hello")
	tm.Send(press("enter"))
	waitScreen(t, tm, "✗ “hello”: not your turn yet: wait for Alice", "then space resumes")

	m = finalModel(t, tm)
	if !m.paused {
		t.Error("space typed into the input must not resume the runs")
	}
	for _, turn := range m.panes[0].History() {
		if turn.Backend == human.Name {
			t.Fatalf("a refused move was played: %+v", turn)
		}
	}
}

func TestHandBackGivesTheWaitingTurnToTheBackend(t *testing.T) {
	m := pausedAgents(t)
	tm := startTeatest(t, m, 120, 40)
	tm.Send(press("t"))
	tm.Send(press("1"))
	tm.Send(press("esc")) // leave the input
	tm.Send(press("space"))
	waitScreen(t, tm, "waiting for human", "── your turn")
	tm.Send(press("enter"))
	typeText(tm, "Would you take less?")
	tm.Send(press("enter"))
	waitScreen(t, tm, "Bob (human)", "Would you take less?")
	// The seat's next turn waits again; esc twice hands the seat back, the
	// seat's own backend plays that turn, and the run goes on.
	var s string
	if !eventually(5*time.Second, func() bool {
		s = screen(t, tm)
		return strings.Count(s, "(human)") == 2 && strings.Contains(s, "waiting for human")
	}) {
		t.Fatalf("the seat's second turn never waited:\n%s", s)
	}
	tm.Send(press("esc"))
	tm.Send(press("esc"))
	waitScreen(t, tm, "Bob handed back to fixture", "hand-back: seat 1 (Bob) now played by fixture", "was handed back before it was played")
	waitScreen(t, tm, "turn 20/20", "ended")
	m = finalModel(t, tm)
	var moves []event.ActionType
	history := m.panes[0].History()
	for _, turn := range history {
		if turn.Backend == human.Name {
			moves = append(moves, turn.Action.Type)
		}
	}
	if len(moves) != 1 || moves[0] != event.Speak {
		t.Fatalf("human turns %v, want the one speech typed", moves)
	}
	for n := 1; n <= 20; n++ {
		if n > len(history) || history[n-1].Number != n || history[n-1].Action.Type == event.None {
			t.Fatalf("turn %d was not played: %+v", n, history)
		}
	}
	if m.panes[0].Player() != nil {
		t.Error("the seat should be handed back")
	}
}

// A replay plays what was recorded: t offers no seat and points to f.
func TestReplayRefusesTakeOver(t *testing.T) {
	path := recordtest.Long(t, t.TempDir(), 20)
	set, err := replay.Open(context.Background(), []string{path})
	if err != nil {
		t.Fatal(err)
	}
	m := liveSession(t, Options{Scenario: set.Scenario, Modes: set.Modes, Seed: 1, Factory: set, Replay: set})
	m.setPaused(true)
	m.Update(press("t"))
	if p := m.panes[0]; p.Dock() != nil || p.Player() != nil || !strings.Contains(m.notice, "f forks it") {
		t.Fatalf("t on a replay: chooser %v, hold %v, notice %q", p.Dock(), p.Player(), m.notice)
	}
}

// ↑ in the input goes back through the moves sent and refused, newest
// first, and ↓ forward again to what was being typed; a refused move
// leaves the box empty, its text in the refusal.
func TestUpRecallsSentAndRefusedMoves(t *testing.T) {
	m := pausedAgents(t)
	tm := startTeatest(t, m, 120, 30)
	tm.Send(press("t"))
	tm.Send(press("1"))
	waitScreen(t, tm, "Bob › ")
	tm.Send(press("esc"))
	tm.Send(press("space"))
	waitScreen(t, tm, "waiting for human", "── your turn")
	tm.Send(press("enter"))
	typeText(tm, "Would you take less?")
	tm.Send(press("enter"))
	waitScreen(t, tm, "Bob (human)", "Bob › type what Bob says")

	typeText(tm, "/offer 100")
	tm.Send(press("enter"))
	waitScreen(t, tm, "✗ “/offer 100”: offers are for Craigslist", "Bob › type what Bob says")
	typeText(tm, "/act")
	tm.Send(press("enter"))
	waitScreen(t, tm, "✗ “/act”: /act needs a description", "Bob › type what Bob says")

	typeText(tm, "draft")
	for _, step := range []struct{ key, want string }{
		{"up", "Bob › /act "},
		{"up", "Bob › /offer 100"},
		{"up", "Bob › Would you take less?"},
		{"up", "Bob › Would you take less?"},
		{"down", "Bob › /offer 100"},
		{"down", "Bob › /act "},
		{"down", "Bob › draft"},
	} {
		tm.Send(press(step.key))
		waitScreen(t, tm, step.want)
	}
}
