package record_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Every shipped recording reads back and writes out byte for byte as it
// is: its header (the scenario and its family's data), its events (moves
// and their arguments, each family's own type) and its footer (what the
// family's rules settled) are encoded again as the recorder encodes
// them, and give the file's lines.
func TestShippedRecordingsReadBackAndWriteOutTheSame(t *testing.T) {
	files, err := filepath.Glob("../../recordings/*.jsonl")
	if err != nil || len(files) < 6 {
		t.Fatalf("found %d recordings (%v)", len(files), err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Footer == nil || rec.Torn {
			t.Fatalf("%s: not a complete recording", path)
		}
		header, err := json.Marshal(rec.Header)
		if err != nil {
			t.Fatal(err)
		}
		out := append(textsafe.EscapeJSON(header), '\n')
		for _, ev := range rec.Events {
			line, _, err := record.AppendEvent(nil, &ev)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			out = append(append(out, line...), '\n')
		}
		footer, err := record.AppendFooter(nil, rec.Footer.Ending, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(append(out, footer...), '\n')
		if !bytes.Equal(out, data) {
			t.Errorf("%s written out again differs: first at byte %d\n%.300s", path, firstDifference(out, data), out[firstDifference(out, data):])
		}
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
