package builtin

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// play runs one episode at pace 0 and returns its events.
func play(t testing.TB, sc *scenario.Scenario, mode view.Mode, seed int64) []event.Event {
	t.Helper()
	backends, err := Factory{}.Backends(sc, mode, seed)
	if err != nil {
		t.Fatal(err)
	}
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

// turns returns the completed turns of an episode's events.
func turns(events []event.Event) []event.Event {
	var out []event.Event
	for _, ev := range events {
		if ev.Kind == event.TurnCompleted {
			out = append(out, ev)
		}
	}
	return out
}

// ending returns the episode's ending.
func ending(events []event.Event) event.Ending {
	for _, ev := range events {
		if ev.Kind == event.RunEnded {
			return *ev.Ending
		}
	}
	return event.Ending{}
}
