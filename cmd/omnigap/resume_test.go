//go:build linux || darwin

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/record"
)

// studyArgs is a study of 2,004 built-in episodes, 8 at a time.
func studyArgs(out string, more ...string) []string {
	return append([]string{"run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*",
		"--episodes", "334", "--seed", "5", "--concurrency", "8", "--out", out}, more...)
}

// TestInterruptedRunResumesToTheSameSummary: a study stopped with SIGINT
// halfway stops within a second, leaves only valid recordings and a
// summary marked interrupted, and once resumed gives the summary an
// uninterrupted study gives.
func TestInterruptedRunResumesToTheSameSummary(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 6,000 episodes")
	}
	whole, split := filepath.Join(t.TempDir(), "whole"), filepath.Join(t.TempDir(), "split")
	if r := runApp(t, studyArgs(whole)...); r.code != 0 {
		t.Fatalf("uninterrupted: exit %d\n%s", r.code, r.stderr)
	}

	cmd, stdout, stderr := appCommand(t, studyArgs(split)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for recordings(t, split) < 1000 {
		time.Sleep(5 * time.Millisecond)
	}
	signaled := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	r := finished(t, cmd, cmd.Wait(), time.Since(signaled), stdout, stderr)
	t.Logf("stopped %v after SIGINT at %d recordings: %s", r.wall, recordings(t, split), strings.TrimSpace(r.stdout[:strings.Index(r.stdout+"\n", "\n")]))
	if r.code == 0 || r.wall > 3*time.Second {
		t.Fatalf("after SIGINT: exit %d after %v\n%s", r.code, r.wall, r.stderr)
	}
	half := readSummary(t, split)
	if half["interrupted"] != true {
		t.Fatalf("the interrupted summary is not marked: %v", half)
	}
	files, _ := record.Files(split)
	for _, f := range files {
		if _, err := record.Read(f); err != nil {
			t.Fatalf("left an invalid recording: %v", err)
		}
	}

	if r := runApp(t, studyArgs(split)...); r.code == 0 || !strings.Contains(r.stderr, "--resume") {
		t.Fatalf("a second run into the same folder was not refused: exit %d\n%s", r.code, r.stderr)
	}
	r = runApp(t, studyArgs(split, "--resume")...)
	if r.code != 0 || !strings.Contains(r.stdout, "already there") {
		t.Fatalf("resume: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	want, got := readSummary(t, whole), readSummary(t, split)
	if a, b := mustJSON(t, want), mustJSON(t, got); a != b {
		t.Fatalf("resumed summary differs:\n%s\nuninterrupted:\n%s", b, a)
	}
	if n := recordings(t, split); n != 2004 {
		t.Fatalf("%d recordings after resuming, want 2004", n)
	}
}

func recordings(t *testing.T, dir string) int {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".jsonl") {
			n++
		}
	}
	return n
}

func readSummary(t *testing.T, dir string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
