// Package builtintest plays episodes with the built-in engine for the
// tests and benchmarks of its players: whole episodes at pace 0, episodes
// against scripted turns, and one player's answers to a recorded history.
// The families a test plays must be registered (rules and players), as
// they are in a family's own package with engine/family/all imported.
package builtintest

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Play runs one episode of the built-in engine at pace 0 and returns its
// events.
func Play(t testing.TB, sc *scenario.Scenario, mode view.Mode, seed int64) []event.Event {
	t.Helper()
	return Run(sc, mode, Backends(t, sc, mode, seed))
}

// Backends are the built-in engine's backends, failing the test if it
// cannot play.
func Backends(t testing.TB, sc *scenario.Scenario, mode view.Mode, seed int64) [2]run.Backend {
	t.Helper()
	b, err := builtin.Factory{}.Backends(sc, mode, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Run runs one episode with the given backends at pace 0 and returns its
// events.
func Run(sc *scenario.Scenario, mode view.Mode, backends [2]run.Backend) []event.Event {
	out := make(chan event.Event, 64)
	var events []event.Event
	done := make(chan struct{})
	go func() {
		for ev := range out {
			events = append(events, ev)
		}
		close(done)
	}()
	run.Run(context.Background(), run.Config{ID: "test", Scenario: sc, Mode: mode, Backends: backends}, out)
	close(out)
	<-done
	return events
}

// Episodes benchmarks the built-in players of mode: one episode per
// iteration at pace 0 through run.Run, with a goroutine draining the
// events, the scenarios in turn and the iteration for the seed. Scenarios
// that end early and ones played to the end both belong in the list, so
// the figure covers the whole range of a family's episodes.
func Episodes(b *testing.B, scenarios []*scenario.Scenario, mode view.Mode) {
	out := make(chan event.Event, 64)
	done := make(chan struct{})
	go func() {
		for range out {
		}
		close(done)
	}()
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sc := scenarios[i%len(scenarios)]
		run.Run(ctx, run.Config{ID: "bench", Scenario: sc, Mode: mode, Backends: Backends(b, sc, mode, int64(i))}, out)
	}
	b.StopTimer()
	close(out)
	<-done
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "episodes/s")
}

// EpisodesByMode is Episodes for each mode a run can be started in, one
// sub-benchmark each: the SCRIPT writer and the separate players apart.
func EpisodesByMode(b *testing.B, scenarios []*scenario.Scenario) {
	for _, mode := range view.Modes {
		b.Run(string(mode), func(b *testing.B) { Episodes(b, scenarios, mode) })
	}
}

// Turns returns the completed turns of an episode's events.
func Turns(events []event.Event) []event.Event {
	var out []event.Event
	for _, ev := range events {
		if ev.Kind == event.TurnCompleted {
			out = append(out, ev)
		}
	}
	return out
}

// Ending returns the episode's ending.
func Ending(events []event.Event) event.Ending {
	for _, ev := range events {
		if ev.Kind == event.RunEnded {
			return *ev.Ending
		}
	}
	return event.Ending{}
}

// History is the turns of an episode's events as the players are given
// them.
func History(events []event.Event) []event.Turn {
	var h []event.Turn
	for _, ev := range Turns(events) {
		h = append(h, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
	}
	return h
}

// Replay asks a backend for seat's turn after each prefix of history
// that seat's turn follows.
func Replay(t testing.TB, b run.Backend, seat int, history []event.Turn) []event.Action {
	t.Helper()
	var out []event.Action
	for n := range history {
		if history[n].Seat != seat {
			continue
		}
		res, err := b.Turn(context.Background(), run.Request{Seat: seat, Turn: n + 1, History: history[:n]})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, res.Action)
	}
	return out
}

// Human stands in for a person at the keyboard: it plays the given
// actions in order, one per turn, then nothing.
type Human struct{ Actions []event.Action }

// Name implements run.Backend.
func (h *Human) Name() string { return "human" }

// Turn implements run.Backend.
func (h *Human) Turn(context.Context, run.Request) (run.Result, error) {
	if len(h.Actions) == 0 {
		return run.Result{Action: event.Action{Type: event.None}}, nil
	}
	a := h.Actions[0]
	h.Actions = h.Actions[1:]
	return run.Result{Action: a}, nil
}

// Against runs an episode, seed 1, where h plays seat and the built-in
// player of mode the other seat.
func Against(t testing.TB, sc *scenario.Scenario, mode view.Mode, seat int, h *Human) []event.Event {
	t.Helper()
	backends := Backends(t, sc, mode, 1)
	backends[seat] = h
	return Run(sc, mode, backends)
}

// Say is a spoken turn with no structured move.
func Say(text string) event.Action { return event.Action{Type: event.Speak, Text: text} }

// Library returns the library's scenarios of family, failing the test if
// it has none.
func Library(t testing.TB, family scenario.Family) []*scenario.Scenario {
	t.Helper()
	all, err := library.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var out []*scenario.Scenario
	for _, sc := range all {
		if sc.Family == family {
			out = append(out, sc.Clone())
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s scenarios shipped", family)
	}
	return out
}
