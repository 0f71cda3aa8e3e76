package llm

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// With --cache, a fork of a recorded run (its first turns replayed, then
// the models play on from the same dialogue and seeds) sends no request:
// the parent's replies answer it, and it plays the parent's turns again.
// The fork's footer counts the replies as hits.
func TestAForkOfACachedRunSendsNothing(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	cfg := testConfig(srv)
	cfg.Cache = filepath.Join(t.TempDir(), "replies.db")
	f, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := resolve(t, "craigslist/road-bike")
	parent := play(t, context.Background(), f, sc, view.Agents)
	sent := srv.Count()
	var prefix []event.Turn
	for _, ev := range parent.events {
		if ev.Kind == event.TurnCompleted && len(prefix) < 3 {
			prefix = append(prefix, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
		}
	}
	fork := playWith(t, context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1, Factory: f,
		Fork: &episode.Fork{Parent: record.Parent{Run: "parent", Turn: 3}, Prefix: prefix}})
	if srv.Count() != sent {
		t.Errorf("the fork sent %d requests", srv.Count()-sent)
	}
	if !reflect.DeepEqual(fork.actions(), parent.actions()) {
		t.Errorf("the fork played other turns:\n%v\n%v", fork.actions(), parent.actions())
	}
	if c := fork.ending.Cache; c == nil || c.Hits != len(parent.actions())-3 || c.Misses != 0 {
		t.Errorf("the fork's cache counts %+v, want %d hits", c, len(parent.actions())-3)
	}
}
