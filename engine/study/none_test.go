package study

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder with no recording of its own but studies in it is named with
// them: the parent of several studies is the usual slip.
func TestNoRecordingsSaysWhereSomeAre(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"cl", "pi", "empty"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"cl/a.jsonl", "pi/b.jsonl", "empty/notes.txt"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	msg := NoRecordings([]string{root}).Error()
	for _, want := range []string{"no recordings in " + root, filepath.Join(root, "cl"), filepath.Join(root, "pi"), filepath.Join(root, "*")} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "empty") {
		t.Errorf("%q names a folder without recordings", msg)
	}
	if got := NoRecordings([]string{filepath.Join(root, "empty")}).Error(); strings.Contains(got, "name them") {
		t.Errorf("a folder with nothing below: %q", got)
	}
}
