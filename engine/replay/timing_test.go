package replay

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
)

// timedRecording is one turn streamed in three pieces 100 ms apart, after
// 200 ms of thinking.
func timedRecording() *record.Recording {
	ms := time.Millisecond
	text := "one two three"
	return &record.Recording{Events: []event.Event{
		{Kind: event.RunStarted, At: 0, Seat: -1},
		{Kind: event.TurnStarted, At: 200 * ms, Turn: 1},
		{Kind: event.Delta, At: 200 * ms, Turn: 1, Delta: "one "},
		{Kind: event.Delta, At: 300 * ms, Turn: 1, Delta: "two "},
		{Kind: event.Delta, At: 400 * ms, Turn: 1, Delta: "three"},
		{Kind: event.TurnCompleted, At: 400 * ms, Turn: 1, Action: &event.Action{Type: event.Speak, Text: text}},
	}}
}

func TestRecordedTimingIsRead(t *testing.T) {
	tp := newTape(timedRecording())
	tt := tp.timing[1]
	if tt == nil || tt.start != 200*time.Millisecond || len(tt.deltas) != 3 || tt.deltas[1].after != 100*time.Millisecond {
		t.Fatalf("timing %+v", tt)
	}
}

// At 8x the turn's 400 ms take at least 50 ms, and its pieces come in order.
func TestReplayAtASpeedKeepsThePieces(t *testing.T) {
	tp := newTape(timedRecording())
	var got []string
	req := run.Request{Turn: 1, Emit: func(d string) { got = append(got, d) }}
	start := time.Now()
	var sp speed
	sp.set(8)
	if err := tp.replayTimed(context.Background(), req, &sp); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 50*time.Millisecond {
		t.Errorf("8x of 400 ms took %v, less than 50 ms", took)
	}
	if strings.Join(got, "|") != "one |two |three" {
		t.Errorf("pieces %q", got)
	}
}

// Setting the speed to 0 during a long wait lets the turn finish at once.
func TestSpeedZeroEndsTheWait(t *testing.T) {
	tp := newTape(timedRecording())
	var sp speed
	sp.set(0.25) // 1.6 s for the turn
	var got []string
	req := run.Request{Turn: 1, Emit: func(d string) { got = append(got, d) }}
	// Without the speed change the turn would outlast this context.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	done := make(chan error)
	go func() { done <- tp.replayTimed(ctx, req, &sp) }()
	time.Sleep(20 * time.Millisecond)
	sp.set(0)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Errorf("pieces %q", got)
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

// Recorded gaps are whole nanoseconds that need not divide by the speed;
// at every speed the turn still ends, in about its recorded time.
func TestReplayEndsWhenGapsDoNotDivideBySpeed(t *testing.T) {
	for _, x := range Speeds {
		tp := newTape(timedRecording())
		tt := tp.timing[1]
		tt.start = 20*time.Millisecond + 3
		for i := range tt.deltas {
			tt.deltas[i].after = 10*time.Millisecond + 7
		}
		var sp speed
		sp.set(x)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var got []string
		err := tp.replayTimed(ctx, run.Request{Turn: 1, Emit: func(d string) { got = append(got, d) }}, &sp)
		cancel()
		if err != nil || len(got) != 3 {
			t.Errorf("at %gx: %v after %d of 3 pieces", x, err, len(got))
		}
	}
}
