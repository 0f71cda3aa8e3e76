package safefile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A staging folder's file moves into the folder whole; Close removes the
// staging folder and its lock.
func TestStagedFileMovesIn(t *testing.T) {
	out := t.TempDir()
	d, err := OpenDir(out, Policy{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	s, left, err := d.Stage()
	if err != nil || len(left) != 0 {
		t.Fatalf("stage: %v, leftovers %v", err, left)
	}
	if err := os.WriteFile(filepath.Join(s.Path(), "a.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Move("a.jsonl", "a.jsonl"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := names(t, out); !slices.Equal(got, []string{"a.jsonl"}) {
		t.Errorf("the folder holds %v", got)
	}
}

// Stage removes the staging folders that imports killed before they
// ended left, and only those: one whose lock nobody holds, holding its
// lock and recordings only; one without a lock (an older omnigap's) when
// empty. A staging folder in use, one holding anything else, one without
// a lock that holds files, a link and a folder of another name are left,
// and each one left but the one in use is said with why.
func TestStageRemovesOnlyAbandonedStagingFolders(t *testing.T) {
	if !Locking {
		t.Skip("no file locks here: only empty leftovers are removed")
	}
	out := t.TempDir()
	d, err := OpenDir(out, Policy{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	running, _, err := d.Stage() // an import running now
	if err != nil {
		t.Fatal(err)
	}
	defer running.Close()
	mk := func(dir string, files ...string) {
		t.Helper()
		if err := os.Mkdir(filepath.Join(out, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(out, dir, f), []byte("{\"run\":"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	mk(".importing-101", "lock", "cut-short.jsonl")         // killed while recording
	mk(".importing-102", "lock")                            // killed between two episodes
	mk(".importing-103")                                    // an older omnigap's, empty
	mk(".importing-104", "cut-short.jsonl")                 // an older omnigap's, not empty
	mk(".importing-105", "lock", "a.jsonl", "my-notes.txt") // something no import puts there
	mk(".importing-mine", "lock")                           // not a staging folder's name
	mk("keep", "lock", "a.jsonl")                           // the user's
	os.Symlink(filepath.Join(out, "keep"), filepath.Join(out, ".importing-106"))
	// Another import into the same folder (the same process holds a lock
	// of its own open file as another process would).
	s, left, err := d.Stage()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	said := map[string]Leftover{}
	for _, l := range left {
		said[filepath.Base(l.Name)] = l
	}
	for name, removed := range map[string]bool{".importing-101": true, ".importing-102": true, ".importing-103": true, ".importing-104": false, ".importing-105": false} {
		l, ok := said[name]
		if !ok || l.Removed != removed || !removed && l.Why == "" {
			t.Errorf("%s: said %+v (%v), want removed %v", name, l, ok, removed)
		}
		if _, err := os.Lstat(filepath.Join(out, name)); (err == nil) == removed {
			t.Errorf("%s: removed %v, want %v", name, err != nil, removed)
		}
	}
	if l := said[".importing-101"]; l.Files != 1 || !strings.Contains(l.String(), "1 unfinished file in it") {
		t.Errorf("the folder killed while recording is said as %q", l)
	}
	if l := said[".importing-105"]; !strings.Contains(l.String(), "my-notes.txt") {
		t.Errorf("the folder holding something else is said as %q", l)
	}
	if len(left) != 5 {
		t.Errorf("said %v, want the five leftovers only", left)
	}
	for _, name := range []string{filepath.Base(running.Path()), ".importing-mine", "keep", ".importing-106", filepath.Base(s.Path())} {
		if _, err := os.Lstat(filepath.Join(out, name)); err != nil {
			t.Errorf("%s is gone: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "keep", "a.jsonl")); err != nil {
		t.Errorf("the user's file behind a link is gone: %v", err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
