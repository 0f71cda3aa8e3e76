package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/recordtest"
)

// BenchmarkOpenLongReplay is omnigap replay of a 10,000-turn recording
// from its path to the first frame: opening the recording, starting its
// replay behind a pane and drawing the screen at 240x60 (then stopping
// the replay, so every iteration starts afresh).
func BenchmarkOpenLongReplay(b *testing.B) {
	path := recordtest.Long(b, b.TempDir(), 10_000)
	b.ReportAllocs()
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		set, err := replay.Open(ctx, []string{path})
		if err != nil {
			b.Fatal(err)
		}
		mode := set.Modes[0]
		opts := Options{Scenario: set.Scenario, Modes: set.Modes, Seed: set.Seeds[mode], Factory: set, Replay: set,
			Sources: map[view.Mode]string{mode: set.Recording(mode).Path}}
		s := &session{ctx: ctx, opts: opts, feed: newFeed(frameInterval)}
		g, err := s.start(opts.Seed, opts.Pace)
		if err != nil {
			b.Fatal(err)
		}
		m := newModel(s, g)
		m.Update(resize(240, 60))
		if frame := m.View().Content; !strings.Contains(frame, "AGENTS") {
			b.Fatalf("first frame:\n%s", frame)
		}
		cancel()
		if err := s.feed.close(); err != nil {
			b.Fatal(err)
		}
	}
}
