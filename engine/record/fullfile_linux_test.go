package record

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// TestAFullDiskLeavesWholeLines: when the file cannot grow (a full disk,
// here a file size limit: Go ignores the SIGXFSZ it brings) the writes
// fail and Close says so, and the recording is cut back to its whole
// lines: readable, without a footer, never cut mid-line.
func TestAFullDiskLeavesWholeLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	w, err := Create(path, Header{RunID: "r1", Scenario: sample(), Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}})
	if err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(path)
	limit := syscall.Rlimit{Cur: uint64(st.Size()) + 50_000, Max: old.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Skipf("no file size limit here: %v", err)
	}
	var werr error
	for i := 0; i < 2000 && werr == nil; i++ {
		werr = w.Event(event.Event{Kind: event.Delta, RunID: "r1", Seq: i + 1, Turn: i%20 + 1, Seat: i % 2, Delta: strings.Repeat("words of a turn ", 8)})
	}
	cerr := w.Close(&event.Ending{Reason: event.TurnLimit})
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	if werr == nil && cerr == nil {
		t.Fatal("200 KB written past a 50 KB limit without an error")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("the recording ends mid-line: %q", data[max(len(data)-80, 0):])
	}
	rec, err := Read(path)
	if err != nil {
		t.Fatalf("the cut recording does not read: %v", err)
	}
	if rec.Torn || rec.Footer != nil || len(rec.Events) == 0 || bytes.Count(data, []byte("\n")) != len(rec.Events)+1 {
		t.Errorf("torn %v, footer %v, %d events in %d lines", rec.Torn, rec.Footer, len(rec.Events), bytes.Count(data, []byte("\n")))
	}
}
