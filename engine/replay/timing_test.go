package replay

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// timedRecording is a recording of two turns, each streamed in three
// pieces 100 ms apart after 200 ms of thinking: 800 ms in all.
func timedRecording(t *testing.T) *Set {
	t.Helper()
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "timed.jsonl")
	w, err := record.Create(path, record.Header{RunID: "timed", Scenario: sc, Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}})
	if err != nil {
		t.Fatal(err)
	}
	ms := time.Millisecond
	evs := []event.Event{{Kind: event.RunStarted, Seat: -1}}
	for n, at := 1, time.Duration(0); n <= 2; n++ {
		seat := n - 1
		at += 200 * ms
		evs = append(evs, event.Event{Kind: event.TurnStarted, At: at, Turn: n, Seat: seat})
		for _, piece := range []string{"one ", "two ", "three"} {
			evs = append(evs, event.Event{Kind: event.Delta, At: at, Turn: n, Seat: seat, Delta: piece})
			at += 100 * ms
		}
		evs = append(evs, event.Event{Kind: event.TurnCompleted, At: at, Turn: n, Seat: seat, Action: &event.Action{Type: event.Speak, Text: "one two three"}})
	}
	for _, ev := range evs {
		if err := w.Event(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(&event.Ending{Reason: event.TurnLimit, Turns: 2}); err != nil {
		t.Fatal(err)
	}
	set, err := Open(context.Background(), []string{path})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// play plays the set's recording in the background; its events arrive on
// the returned channel, which is closed after the last.
func play(ctx context.Context, set *Set, control *run.Controller) <-chan event.Event {
	out := make(chan event.Event)
	go func() {
		set.Play(ctx, view.Agents, "r", control, out)
		close(out)
	}()
	return out
}

// At 8x the 800 ms recording takes at least 100 ms, its pieces in order.
func TestReplayAtASpeedKeepsTheTiming(t *testing.T) {
	set := timedRecording(t)
	set.SetSpeed(8)
	start := time.Now()
	var pieces string
	for ev := range play(context.Background(), set, run.NewController(0)) {
		pieces += ev.Delta
	}
	if took := time.Since(start); took < 100*time.Millisecond {
		t.Errorf("8x of 800 ms took %v, less than 100 ms", took)
	}
	if pieces != "one two threeone two three" {
		t.Errorf("pieces %q", pieces)
	}
}

// Setting the speed to 0 during a long wait plays the rest at once: at
// 0.25x the recording would outlast the context.
func TestSpeedZeroPlaysTheRestAtOnce(t *testing.T) {
	set := timedRecording(t)
	set.SetSpeed(0.25)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var last event.Event
	for ev := range play(ctx, set, run.NewController(0)) {
		if ev.Kind == event.Delta {
			set.SetSpeed(0)
		}
		last = ev
	}
	if last.Ending == nil || last.Ending.Reason != event.TurnLimit {
		t.Fatalf("ended %+v", last.Ending)
	}
}

// A paused replay waits before each turn until a step: it sends nothing
// of the next turn until its context ends, and one step plays one turn.
func TestReplayWaitsForTheController(t *testing.T) {
	set := timedRecording(t)
	set.SetSpeed(0)
	control := run.NewController(0)
	control.Pause()
	out := make(chan event.Event, 64)
	p := &playback{speed: &set.speed, control: control, out: out, id: "r", start: time.Now()}
	turn := func(n int) []event.Event {
		return []event.Event{{Kind: event.TurnStarted, Turn: n}, {Kind: event.Delta, Turn: n, Delta: "hi"},
			{Kind: event.TurnCompleted, Turn: n, Action: &event.Action{Type: event.Speak, Text: "hi"}}}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if err := p.send(ctx, turn(1)[0]); !errors.Is(err, context.DeadlineExceeded) || len(out) != 0 {
		t.Fatalf("paused: %v, %d events sent", err, len(out))
	}
	control.Step()
	for _, ev := range turn(1) {
		if err := p.send(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
	if len(out) != 3 {
		t.Fatalf("a step sent %d events of the turn's 3", len(out))
	}
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if err := p.send(ctx, turn(2)[0]); !errors.Is(err, context.DeadlineExceeded) || len(out) != 3 {
		t.Fatalf("after the step: %v, %d events sent", err, len(out))
	}
}

// Cancelling a replay ends it as canceled with the turns played so far.
func TestCanceledReplayEnds(t *testing.T) {
	set := timedRecording(t)
	set.SetSpeed(1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last event.Event
	for ev := range play(ctx, set, run.NewController(0)) {
		if ev.Kind == event.TurnCompleted {
			cancel()
		}
		last = ev
	}
	if last.Ending == nil || last.Ending.Reason != event.Canceled || last.Ending.Turns != 1 {
		t.Fatalf("ended %+v", last.Ending)
	}
}

func TestSetSpeedClamps(t *testing.T) {
	var s Set
	for in, want := range map[float64]float64{0: 0, 0.1: 0.25, 3: 3, 20: 8} {
		s.SetSpeed(in)
		if s.Speed() != want {
			t.Errorf("SetSpeed(%v): %v, want %v", in, s.Speed(), want)
		}
	}
}
