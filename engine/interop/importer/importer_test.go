package importer

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/view"
)

func openDir(t *testing.T, out string) *safefile.Dir {
	t.Helper()
	dir, err := safefile.OpenDir(out, safefile.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dir.Close() })
	return dir
}

func namesIn(t *testing.T, dir string) []string {
	t.Helper()
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	return names
}

// The scenarios of a transcript file are written once per scenario and
// nothing else: a second dialogue of the same scenario is skipped with
// the record that took its file, and the account counts what is on disk.
func TestDialogueScenariosWriteEachScenarioOnce(t *testing.T) {
	out := t.TempDir()
	var said bytes.Buffer
	a := interop.NewAccount(&said, out, interop.Scenarios)
	if err := DialogueScenarios(context.Background(), "testdata/twice.json", openDir(t, out), a); err != nil {
		t.Fatal(err)
	}
	if err := a.Done(); err != nil {
		t.Fatal(err)
	}
	if names := namesIn(t, out); len(names) != 1 || !strings.HasSuffix(names[0], ".yaml") {
		t.Fatalf("files written: %v, want one scenario file", names)
	}
	text := said.String()
	for _, want := range []string{
		"skipped: testdata/twice.json: record 1: the same scenario id as testdata/twice.json: record 0, whose file is ",
		"1 scenario file written to " + out + ", 1 skipped\n",
		"watch one: omnigap watch " + out + string(filepath.Separator),
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("account says:\n%s\nwant %q in it", text, want)
		}
	}
}

// Each dialogue of a transcript file is a HUMANS recording of its own,
// the two of one scenario too, holding its scenario and naming its
// source; imported again, each is found in the folder and kept.
func TestDialoguesRecordEachOnce(t *testing.T) {
	out := t.TempDir()
	var said bytes.Buffer
	a := interop.NewAccount(&said, out, interop.Recordings)
	if err := Dialogues(context.Background(), []string{"testdata/twice.json"}, openDir(t, out), a, false); err != nil {
		t.Fatal(err)
	}
	if err := a.Done(); err != nil {
		t.Fatal(err)
	}
	names := namesIn(t, out)
	if len(names) != 2 || !strings.Contains(said.String(), "2 recordings written to "+out+", 0 skipped\n") {
		t.Fatalf("files written: %v; the account says:\n%s", names, said.String())
	}
	for i, p := range a.Files() {
		rec, err := record.Read(filepath.Join(out, p.Name))
		if err != nil {
			t.Fatal(err)
		}
		src := rec.Header.Source
		if rec.Header.Mode != view.Humans || rec.Header.Scenario.ID == "" || src == nil || src.Format != "cocoa/dealornodeal" ||
			src.File != "testdata/twice.json" || src.Episode == "" || p.From.Record != i {
			t.Errorf("%s: mode %s, scenario %q, source %+v, from %v", p.Name, rec.Header.Mode, rec.Header.Scenario.ID, src, p.From)
		}
	}
	said.Reset()
	again := interop.NewAccount(&said, out, interop.Recordings)
	if err := Dialogues(context.Background(), []string{"testdata/twice.json"}, openDir(t, out), again, false); err != nil {
		t.Fatal(err)
	}
	if err := again.Done(); err != nil || len(again.Repeats()) != 2 || len(again.Files()) != 0 || len(namesIn(t, out)) != 2 {
		t.Errorf("imported again: %v\n%s", err, said.String())
	}
}

// An import that wrote nothing fails, saying whether every record was
// skipped or there was none; an interrupted one says what it left.
func TestAccountFailsWhenNothingWasWritten(t *testing.T) {
	var said bytes.Buffer
	a := interop.NewAccount(&said, "out", interop.Scenarios)
	if err := a.Done(); err == nil || err.Error() != "nothing imported: no record to import" {
		t.Fatalf("empty import: %v", err)
	}
	a.Skipped(interop.Problem{At: interop.Position{File: "r", Record: -1}, Msg: "bad"})
	if err := a.Done(); err == nil || !strings.Contains(err.Error(), "every record was skipped") {
		t.Fatalf("all skipped: %v", err)
	}
	a.Interrupted()
	if !strings.Contains(said.String(), "skipped: r: bad\n") || !strings.Contains(said.String(), "interrupted: 0 scenario files written to out, 1 skipped\n") {
		t.Fatalf("account says:\n%s", said.String())
	}
}
