package replay

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// The demo recordings were written headless, their turns microseconds
// apart: a replay cannot take its pace from them. A recording whose first
// turn streamed for 200 ms can.
func TestUntimedTellsHeadlessRecordingsFromWatchedOnes(t *testing.T) {
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if err != nil || len(paths) != 3 {
		t.Fatalf("demo recordings %v, %v", paths, err)
	}
	headless, err := Open(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	if !headless.Untimed(context.Background()) {
		t.Error("the headless demo recordings count as timed")
	}
	if timedRecording(t).Untimed(context.Background()) {
		t.Error("a recording whose first turn took 200 ms counts as untimed")
	}
}

// At a word pace a turn recorded as one piece of text streams word by
// word, the pieces adding up to the recorded text, pace apart.
func TestWordPaceStreamsAWholeTurnWordByWord(t *testing.T) {
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil || len(paths) != 1 {
		t.Fatalf("demo recording %v, %v", paths, err)
	}
	set, err := Open(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	set.SetSpeed(0)
	control := run.NewController(5 * time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan event.Event)
	go func() {
		set.Play(ctx, view.Agents, "r", control, out)
		close(out)
	}()
	var pieces []string
	var first, last time.Time
	for ev := range out {
		switch {
		case ev.Kind == event.Delta && ev.Turn == 1:
			if first.IsZero() {
				first = time.Now()
			}
			last = time.Now()
			pieces = append(pieces, ev.Delta)
		case ev.Kind == event.TurnCompleted:
			cancel()
			if got := strings.Join(pieces, ""); got != ev.Action.Text {
				t.Fatalf("the pieces read %q, the turn %q", got, ev.Action.Text)
			}
			words := len(strings.Fields(ev.Action.Text))
			if len(pieces) != words {
				t.Errorf("%d pieces for %d words", len(pieces), words)
			}
			if took := last.Sub(first); took < time.Duration(words-1)*5*time.Millisecond {
				t.Errorf("%d words streamed in %v at 5 ms a word", words, took)
			}
		}
	}
	if len(pieces) == 0 {
		t.Fatal("no text streamed")
	}
}
