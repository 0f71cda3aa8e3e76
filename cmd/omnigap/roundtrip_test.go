package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// Scenario files and recordings keep their format though families hold
// their data: every scenario an import writes (all of Sotopia's combos,
// cocoa's CraigslistBargain scenarios and its Deal-or-No-Deal dialogues)
// reads back and writes out byte for byte as the file is, and so does
// every HUMANS recording episodes import cocoa writes (items taken
// as moves, splits settled). The shipped scenario files, written by hand,
// read back and write out the same twice over, in YAML as the importers
// write and in JSON as recordings hold them.
func TestScenarioFilesAndRecordingsReadBackAndWriteOutTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 900 scenarios")
	}
	sotopiaExport := sotopiaData(t)
	dir := t.TempDir()
	for name, args := range map[string][]string{
		"sotopia":    {"sotopia", sotopiaExport},
		"craigslist": {"cocoa", shareddata.Path(t, "cocoa/craigslist-sample-scenarios.json")},
		"dond":       {"cocoa", shareddata.Path(t, "cocoa/dealornodeal-val.json")},
	} {
		out, err := omnigap(t, append(append([]string{"scenarios", "import"}, args...), "--out", filepath.Join(dir, name))...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
	}
	written, _ := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
	if len(written) != 450+20+422 {
		t.Fatalf("the imports wrote %d scenario files, want 892", len(written))
	}
	for _, path := range written {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		again, err := interop.Marshal(sc, headComments(data)...)
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("%s written out again differs (%v):\n%s", path, err, again)
		}
	}
	shipped, _ := filepath.Glob("../../scenarios/*.yaml")
	for _, path := range shipped {
		sc, err := scenario.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkWritesOutTheSame(t, path, sc)
	}

	if out, err := omnigap(t, "episodes", "import", "cocoa", shareddata.Path(t, "cocoa/dealornodeal-val.json"), "--out", filepath.Join(dir, "dond")); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	humans, _ := filepath.Glob(filepath.Join(dir, "dond", "*.jsonl"))
	if len(humans) != 422 {
		t.Fatalf("the import wrote %d HUMANS recordings, want 422", len(humans))
	}
	for _, path := range humans {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		copyPath := filepath.Join(t.TempDir(), "copy.jsonl")
		w, err := record.Create(copyPath, rec.Header)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range rec.Events {
			if err := w.Event(ev); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(rec.Footer.Ending); err != nil {
			t.Fatal(err)
		}
		if again, _ := os.ReadFile(copyPath); !bytes.Equal(again, data) {
			t.Fatalf("%s written out again differs:\n%s", path, again)
		}
	}
}

// headComments are the comment lines a written scenario file opens with,
// as they were given to interop.Marshal.
func headComments(data []byte) []string {
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		c, ok := strings.CutPrefix(line, "# ")
		if !ok {
			break
		}
		out = append(out, c)
	}
	return out
}

// checkWritesOutTheSame writes sc as a scenario file and as JSON, reads
// each back, and wants the same scenario and the same bytes again.
func checkWritesOutTheSame(t *testing.T, path string, sc *scenario.Scenario) {
	t.Helper()
	file, err := interop.Marshal(sc)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	back, err := scenario.Parse(path, file)
	if err != nil {
		t.Fatalf("%s written out does not read back: %v\n%s", path, err, file)
	}
	if again, _ := interop.Marshal(back); !bytes.Equal(again, file) || !reflect.DeepEqual(back.Data, sc.Data) {
		t.Errorf("%s written out twice differs:\n%s\n---\n%s", path, file, again)
	}
	js, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	var fromJSON scenario.Scenario
	if err := json.Unmarshal(js, &fromJSON); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	fromJSON.Normalize()
	if again, _ := json.Marshal(&fromJSON); !bytes.Equal(again, js) || !reflect.DeepEqual(fromJSON.Data, sc.Data) {
		t.Errorf("%s as JSON written out twice differs:\n%s\n---\n%s", path, js, again)
	}
}
