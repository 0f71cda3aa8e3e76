package main

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
)

// TestHumansKeepTheirOrder: a cocoa dialogue in which one side sends two
// messages in a row is imported, watched beside a model run and replayed
// as it happened, the two messages one after the other by the same seat.
func TestHumansKeepTheirOrder(t *testing.T) {
	path := "../../engine/interop/cocoa/testdata/two-in-a-row.json"
	dir := t.TempDir()
	if out, err := omnigap(t, "episodes", "import", "cocoa", path, "--out", dir); err != nil || strings.Contains(out, "skipped:") {
		t.Fatalf("%v\n%s", err, out)
	}
	recs, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(recs) != 1 {
		t.Fatalf("recordings %v", recs)
	}
	rec, err := record.Read(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	var seats []int
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted {
			seats = append(seats, ev.Seat)
		}
	}
	if want := []int{0, 1, 1, 0, 0, 1}; !reflect.DeepEqual(seats, want) {
		t.Fatalf("recorded turns by seats %v, want %v", seats, want)
	}
	twice := "[HUMANS] Blake (negotiator): then i take both books\n[HUMANS] Blake (negotiator): deal?\n"
	for _, args := range [][]string{{"replay", "--pace", "0", recs[0]}, {"watch", "--humans", path, "--modes", "agents", "--pace", "0"}} {
		out, err := omnigap(t, args...)
		if err != nil || !strings.Contains(out, twice) || !strings.Contains(out, "[HUMANS] ended after 6 turns (selected)") {
			t.Errorf("%s: %v, want %q in\n%s", args[0], err, twice, out)
		}
	}
}
