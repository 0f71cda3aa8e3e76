package llm

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

const testKey = "sk-test-key-do-not-leak-42"

// testConfig points at srv, with a short timeout.
func testConfig(srv *llmtest.Server) config.Config {
	return config.Config{Endpoints: []config.Endpoint{{URL: srv.URL, APIKey: testKey}}, Model: "fake", Temperature: 0.7,
		Timeout: 3 * time.Second}
}

// testFactory is NewFactory with quick retries, and with tune's changes
// to the transport's options.
func testFactory(cfg config.Config, tune ...func(*transport.Options)) *Factory {
	o := transport.Options{Policy: transport.Policy{Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}}
	for _, t := range tune {
		t(&o)
	}
	return newFactory(cfg, o)
}

func resolve(t testing.TB, ref string) *scenario.Scenario {
	t.Helper()
	sc, err := library.Resolve(ref, 1)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// played is one finished, recorded episode.
type played struct {
	events []event.Event
	ending event.Ending
	rec    *record.Recording
	raw    string
}

func (p played) count(k event.Kind) int {
	n := 0
	for _, ev := range p.events {
		if ev.Kind == k {
			n++
		}
	}
	return n
}

func (p played) actions() []event.Action {
	var out []event.Action
	for _, ev := range p.events {
		if ev.Kind == event.TurnCompleted {
			out = append(out, *ev.Action)
		}
	}
	return out
}

func (p played) errors() []string {
	var out []string
	for _, ev := range p.events {
		if ev.Kind == event.Error {
			out = append(out, ev.Error)
		}
	}
	return out
}

// deltas joins the streamed text of each turn.
func (p played) deltas() map[int]string {
	out := map[int]string{}
	for _, ev := range p.events {
		if ev.Kind == event.Delta {
			out[ev.Turn] += ev.Delta
		}
	}
	return out
}

// play runs one recorded episode and checks it ended with a status.
func play(t testing.TB, ctx context.Context, f episode.Factory, sc *scenario.Scenario, mode view.Mode) played {
	t.Helper()
	return playWith(t, ctx, episode.Spec{Scenario: sc, Mode: mode, Seed: 1, Factory: f})
}

// playWith runs spec, recorded, to its end.
func playWith(t testing.TB, ctx context.Context, spec episode.Spec) played {
	t.Helper()
	return playWatched(t, ctx, spec, func(event.Event) {})
}

// playWatched is playWith that hands each event to watch as it arrives.
func playWatched(t testing.TB, ctx context.Context, spec episode.Spec, watch func(event.Event)) played {
	t.Helper()
	spec.RecordDir, spec.Buffer = t.TempDir(), 64
	live, err := episode.Start(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	var p played
	for ev := range live.Events {
		watch(ev)
		p.events = append(p.events, ev)
	}
	if p.ending, err = live.Wait(); err != nil {
		t.Fatal(err)
	}
	if p.rec, err = record.Read(live.Recording); err != nil {
		t.Fatal(err)
	}
	if p.rec.Footer == nil || p.rec.Torn || p.rec.Ending() == nil {
		t.Fatalf("recording %s has no status", live.Recording)
	}
	data, _ := os.ReadFile(live.Recording)
	p.raw = string(data)
	if strings.Contains(p.raw, testKey) {
		t.Fatal("the API key is in the recording")
	}
	return p
}

func episodeSpec(sc *scenario.Scenario, mode view.Mode, seed int64, f episode.Factory) episode.Spec {
	return episode.Spec{Scenario: sc, Mode: mode, Seed: seed, Factory: f}
}

func splitName(s string) []string { return strings.Fields(s) }
