package people

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// scene seats two characters, each with a secret.
func scene(seat0, seat1 string) *scenario.Scenario {
	seat := func(o scenario.Owner, name string) scenario.Seat {
		return scenario.Seat{Role: "side", Character: scenario.Character{Name: name},
			Facts: []scenario.Fact{{ID: name + "-secret", Owner: o, Type: scenario.TypeSecret, Text: "a secret"}}}
	}
	return &scenario.Scenario{ID: "sotopia/x", Family: scenario.Family("sotopia"), Seats: []scenario.Seat{seat(0, seat0), seat(1, seat1)}}
}

// imported is a recording of an imported episode: its seats, the
// source's agents in its order, the models of the seats and its
// ending's metrics.
func imported(episode string, seats [2]string, agents []string, backends [2]string, m map[string]float64) *record.Recording {
	end := &event.Ending{Reason: event.TurnLimit, Metrics: m, Notes: map[string]string{metrics.ImportedJudgeNote: "imported, gpt-4"}}
	return &record.Recording{Path: episode + ".jsonl",
		Header: record.Header{RunID: "run-" + episode, Scenario: scene(seats[0], seats[1]), Mode: view.Agents, Backends: backends,
			Source: &record.Source{Format: "sotopia/episodes_to_jsonl", Episode: episode, Agents: agents}},
		Events: []event.Event{{Kind: event.RunEnded, Seat: -1, Ending: end}}, Footer: &record.Footer{Ending: end}}
}

// read writes files (name to content) into a new folder and reads them
// as rating files, in the order given.
func read(t *testing.T, files ...[2]string) *Ratings {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, f := range files {
		p := filepath.Join(dir, f[0])
		if err := os.WriteFile(p, []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	rs, err := Read(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}
