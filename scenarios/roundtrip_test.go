package scenarios

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Every shipped scenario file reads back and writes out as it is. The
// file written (interop.Marshal, the writer of imported and generated
// scenario files) holds the same data, byte for byte once both are
// written in one canonical form, with only the turn limit the loader
// fills in added to a file that leaves it out: each family's section
// under its key with its fields, no key lost, renamed or added. The
// written file and the scenario's JSON (a recording's header) read back
// and write out again byte for byte; that the JSON keeps its keys,
// the shipped recordings' headers show (engine/record's
// TestShippedRecordingsReadBackAndWriteOutTheSame).
func TestShippedScenariosReadBackAndWriteOutTheSame(t *testing.T) {
	names, err := fs.Glob(Files, "*.yaml")
	if err != nil || len(names) < 14 {
		t.Fatalf("found %d scenario files (%v)", len(names), err)
	}
	for _, name := range names {
		data, err := fs.ReadFile(Files, name)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		written, err := interop.Marshal(sc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		file, out := canonical(t, name, data), canonical(t, name+" written", written)
		if _, ok := file["max_turns"]; !ok {
			file["max_turns"] = scenario.DefaultMaxTurns
		}
		if a, b := marshal(t, file), marshal(t, out); !bytes.Equal(a, b) {
			t.Errorf("%s written out holds other data:\n--- file\n%s\n--- written\n%s", name, a, b)
		}

		back, err := scenario.Parse(name, written)
		if err != nil {
			t.Fatalf("%s written out does not read back: %v", name, err)
		}
		if again, err := interop.Marshal(back); err != nil || !bytes.Equal(again, written) {
			t.Errorf("%s written out, read back and written again differs (%v):\n%s\n---\n%s", name, err, written, again)
		}
		header := marshal(t, sc)
		var fromJSON scenario.Scenario
		if err := json.Unmarshal(header, &fromJSON); err != nil {
			t.Fatalf("%s as JSON does not read back: %v", name, err)
		}
		if again := marshal(t, &fromJSON); !bytes.Equal(again, header) {
			t.Errorf("%s as JSON, read back and written again differs:\n%s\n---\n%s", name, header, again)
		}
		if again := marshal(t, back); !bytes.Equal(again, header) {
			t.Errorf("%s written out and read back is another scenario as JSON:\n%s\n---\n%s", name, header, again)
		}
	}
}

// canonical is a YAML document as plain data: maps, lists, strings and
// numbers, whatever their style in the file.
func canonical(t *testing.T, name string, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// marshal writes v as JSON: maps in key order, 5200 and 5200.0 alike.
func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
