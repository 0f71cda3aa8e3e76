package record

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/view"
)

// An imported run's header names its source, typed, and reads back as
// written; a header without one (every run omnigap played, and runs
// imported before the source was kept) reads as none; a source without
// a format, or with an id too long to print, is refused by field.
func TestHeaderSourceReadsBack(t *testing.T) {
	src := &Source{Format: "sotopia/rewards_prompt", File: "evals/pairing-a/ep1.json", Episode: "01HXAMPLE",
		Tag: "agent_partner_test", Models: []string{"judge-model", "custom_model", "partner"}, Agents: []string{"Ana Ruiz", "Ben Ode"}, Notes: []string{"named from the folder"}}
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := Create(path, Header{RunID: "r1", Scenario: sample(), Mode: view.Agents, Backends: [2]string{"a", "b"}, Started: time.Unix(0, 0).UTC(), Source: src})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(nil); err != nil {
		t.Fatal(err)
	}
	rec, err := ReadHeader(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rec.Header.Source, src) {
		t.Fatalf("source read back as %+v, want %+v", rec.Header.Source, src)
	}
	if rec, _ := Read(writeSampleFile(t)); rec.Header.Source != nil {
		t.Fatalf("a header without a source reads as %+v", rec.Header.Source)
	}
	data, _ := os.ReadFile(path)
	for _, c := range []struct{ from, to, field string }{
		{`"format":"sotopia/rewards_prompt"`, `"format":""`, "source.format"},
		{`"episode":"01HXAMPLE"`, `"episode":"` + strings.Repeat("x", maxNameBytes+1) + `"`, "source.episode"},
	} {
		bad := filepath.Join(t.TempDir(), "bad.jsonl")
		if err := os.WriteFile(bad, []byte(strings.Replace(string(data), c.from, c.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: %v, want an error naming %s", c.to[:20], err, c.field)
		}
	}
}

func writeSampleFile(t *testing.T) string {
	path, _ := writeSample(t)
	return path
}
