package episode_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
)

func turns(t *testing.T, spec episode.Spec) ([]event.Turn, *episode.Live) {
	t.Helper()
	live, err := episode.Start(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	var out []event.Turn
	for ev := range live.Events {
		if ev.Kind == event.TurnCompleted {
			out = append(out, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
		}
	}
	if _, err := live.Wait(); err != nil {
		t.Fatal(err)
	}
	return out, live
}

// A fork repeats its parent's turns up to the fork, then plays on with its
// own backends, and its recording names the parent.
func TestForkRepeatsThePrefix(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	parent, _ := turns(t, episode.Spec{Scenario: sc, Mode: view.Script, Seed: 1, Factory: builtin.Factory{}, Buffer: 8})
	if len(parent) < 4 {
		t.Fatalf("parent has %d turns", len(parent))
	}
	dir := t.TempDir()
	fork := &episode.Fork{Parent: record.Parent{Recording: "parent.jsonl", Run: "craigslist_road-bike-script-s1", Turn: 3}, Prefix: parent[:3]}
	got, live := turns(t, episode.Spec{Scenario: sc, Mode: view.Script, Seed: 2, Factory: builtin.Factory{}, Buffer: 8, RecordDir: dir, Fork: fork})
	for i := range 3 {
		if got[i].Action.Text != parent[i].Action.Text || got[i].Action.Type != parent[i].Action.Type || got[i].Seat != parent[i].Seat {
			t.Errorf("turn %d: fork %+v, parent %+v", i+1, got[i], parent[i])
		}
	}
	rec, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Header.Parent; p == nil || *p != fork.Parent {
		t.Errorf("header parent %+v, want %+v", p, fork.Parent)
	}
	if filepath.Base(live.Recording) != "craigslist_road-bike-script-s2-fork-t3.jsonl" {
		t.Errorf("recorded to %s", live.Recording)
	}
}
