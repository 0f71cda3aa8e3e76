package importer

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/safefile"
)

// A transcript file is written as a scenario file and a HUMANS recording
// per dialogue; a second dialogue of the same scenario is skipped with
// the record that took its file, and the account counts what is on disk.
func TestTranscriptsWriteScenarioAndRecordingOnce(t *testing.T) {
	out := t.TempDir()
	dir, err := safefile.OpenDir(out, safefile.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	var said bytes.Buffer
	a := NewAccount(&said, out)
	if err := Transcripts(context.Background(), "testdata/twice.json", dir, a); err != nil {
		t.Fatal(err)
	}
	if err := a.Done(); err != nil {
		t.Fatal(err)
	}
	files, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	if len(names) != 2 || !strings.HasSuffix(names[0], ".jsonl") && !strings.HasSuffix(names[1], ".jsonl") {
		t.Fatalf("files written: %v, want one scenario and one recording", names)
	}
	text := said.String()
	for _, want := range []string{
		"skipped: testdata/twice.json: record 1: the same scenario id as testdata/twice.json: record 0, whose file is ",
		"1 HUMANS recordings written\n",
		"1 written to " + out + ", 1 skipped\n",
		"replay one: omnigap replay " + filepath.Join(out, ""),
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("account says:\n%s\nwant %q in it", text, want)
		}
	}
}

// An import that wrote nothing fails, saying whether every record was
// skipped or there was none.
func TestAccountFailsWhenNothingWasWritten(t *testing.T) {
	var said bytes.Buffer
	a := NewAccount(&said, "out")
	if err := a.Done(); err == nil || err.Error() != "nothing imported: no record to import" {
		t.Fatalf("empty import: %v", err)
	}
	a.Skip("r: bad")
	if err := a.Done(); err == nil || !strings.Contains(err.Error(), "every record was skipped") {
		t.Fatalf("all skipped: %v", err)
	}
	a.Interrupted()
	if !strings.Contains(said.String(), "skipped: r: bad\n") || !strings.Contains(said.String(), "interrupted: 0 scenario files and 0 HUMANS recordings written to out, 1 skipped\n") {
		t.Fatalf("account says:\n%s", said.String())
	}
}
