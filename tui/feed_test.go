package tui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// fireHose streams one long turn as `rate` deltas per second for `span`.
type fireHose struct {
	rate int
	span time.Duration
}

func (fireHose) Name() string { return "firehose" }

func (f fireHose) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	n := int(f.span.Seconds() * float64(f.rate))
	start := time.Now()
	for i := range n {
		// The sleep is the thing under test: deltas arriving at a set
		// rate, which the feed must coalesce into a few frames.
		if d := time.Until(start.Add(time.Duration(i) * time.Second / time.Duration(f.rate))); d > 0 {
			time.Sleep(d)
		}
		if ctx.Err() != nil {
			return run.Result{}, ctx.Err()
		}
		req.Emit("x")
	}
	return run.Result{Action: event.Action{Type: event.Speak, Text: strings.Repeat("x", n)}}, nil
}

func TestStreamingIsCoalescedToAFewFramesPerSecond(t *testing.T) {
	const (
		rate = 1000
		span = 2 * time.Second
	)
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: view.Modes, Seed: 1,
		Factory: factoryFunc(func(view.Mode) run.Backend { return fireHose{rate: rate, span: span} }),
	})
	// Every message the program handles is followed by one View; count
	// them while the three panes stream.
	var frames atomic.Int64
	count := snapshots(func(_ tea.Model, msg tea.Msg) tea.Msg {
		frames.Add(1)
		return msg
	})
	tm := startTeatest(t, m, 240, 60, count)
	start := time.Now()
	if !eventually(10*time.Second, func() bool { return strings.Count(ansi.Strip(screen(t, tm)), "turn 1/20") == 3 }) {
		t.Fatal("the three panes did not finish their first turn within 10s")
	}
	elapsed := time.Since(start)
	got := frames.Load()
	m = finalModel(t, tm)

	perSecond := float64(got) / elapsed.Seconds()
	t.Logf("%d deltas/s into %d panes for %v: %d frames in %v (%.1f/s)", rate, len(m.panes), span, got, elapsed.Round(time.Millisecond), perSecond)
	if perSecond > 70 {
		t.Errorf("rendered %.1f frames/s, want at most ~70", perSecond)
	}
	if perSecond < 10 {
		t.Errorf("rendered only %.1f frames/s: streaming text should still appear live", perSecond)
	}
	for _, p := range m.panes {
		if len(p.Text(1)) != int(span.Seconds())*rate {
			t.Errorf("%s: the first turn should hold all %d streamed characters", p.Mode(), int(span.Seconds())*rate)
		}
	}
}

func TestFeedMergesDeltasOfATurnAndKeepsOrder(t *testing.T) {
	f := newFeed(time.Hour) // never flushes on its own
	defer f.close()
	d := func(run string, turn int, s string) event.Event {
		return event.Event{RunID: run, Kind: event.Delta, Turn: turn, Delta: s}
	}
	for _, ev := range []event.Event{
		{RunID: "a", Kind: event.TurnStarted, Turn: 1}, d("a", 1, "he"), d("b", 1, "x"), d("a", 1, "llo"),
		{RunID: "a", Kind: event.TurnCompleted, Turn: 1}, d("a", 2, "ne"), d("a", 2, "xt"),
	} {
		f.put(nil, ev)
	}
	b := f.take()
	if len(b) != 2 || b[0].run != "a" || b[1].run != "b" {
		t.Fatalf("batch runs = %+v", b)
	}
	var kinds []string
	for _, ev := range b[0].events {
		kinds = append(kinds, string(ev.Kind)+":"+ev.Delta)
	}
	if got := strings.Join(kinds, " "); got != "turn_started: delta:hello turn_completed: delta:next" {
		t.Errorf("run a's events = %s", got)
	}
	if len(f.take()) != 0 {
		t.Error("take should empty the mailbox")
	}
}

// A retired run's events are dropped, those in the mailbox and those it
// sends later, while another run of the same id (the same episode opened
// again) keeps its own.
func TestFeedDropsTheEventsOfARetiredRun(t *testing.T) {
	f := newFeed(time.Hour)
	defer f.close()
	old, again := &episode.Live{ID: "r"}, &episode.Live{ID: "r"}
	f.put(old, event.Event{RunID: "r", Kind: event.TurnStarted, Turn: 1})
	f.put(&episode.Live{ID: "s"}, event.Event{RunID: "s", Kind: event.TurnStarted, Turn: 1})
	f.retire(old)
	f.put(old, event.Event{RunID: "r", Kind: event.RunEnded, Seat: -1})
	f.put(again, event.Event{RunID: "r", Kind: event.RunStarted, Seat: -1})
	b := f.take()
	if len(b) != 2 || b[0].run != "s" || b[1].run != "r" || len(b[1].events) != 1 || b[1].events[0].Kind != event.RunStarted {
		t.Fatalf("batch %+v: want s's event and the new run's start", b)
	}
}
