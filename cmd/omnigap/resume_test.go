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

	"github.com/omnigap/omnigap/engine/llm/llmtest"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
)

// TestInterruptedRunResumesToTheSameSummary: a study stopped with SIGINT
// halfway stops within a second, leaves only valid recordings and a
// summary marked interrupted, and once resumed gives the summary an
// uninterrupted study gives.
func TestInterruptedRunResumesToTheSameSummary(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 6,000 episodes")
	}
	args := func(out string, more ...string) []string {
		return append([]string{"run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*",
			"--episodes", "334", "--seed", "5", "--concurrency", "8", "--out", out}, more...)
	}
	checkResume(t, args, 2004, nil)
}

// TestInterruptedModelRunResumesToTheSameSummary is the same against the
// loopback model server. Cached prompt tokens are left out of the
// comparison: the server's prefix cache is shared by all requests, so
// which call is the first to send the system message depends on timing.
func TestInterruptedModelRunResumesToTheSameSummary(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 240 episodes against a model server")
	}
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	args := func(out string, more ...string) []string {
		return append(append([]string{"run", "--scenario", "craigslist/gen-*", "--modes", "agents,mindreaders",
			"--episodes", "40", "--seed", "3", "--concurrency", "8", "--out", out}, more...), modelArgs(srv)...)
	}
	checkResume(t, args, 80, []string{metrics.TokensCached})
}

// checkResume runs a study whole, then again stopped by SIGINT halfway and
// resumed, and compares the two summaries, leaving out the given stats.
func checkResume(t *testing.T, args func(out string, more ...string) []string, total int, ignore []string) {
	t.Helper()
	whole, split := filepath.Join(t.TempDir(), "whole"), filepath.Join(t.TempDir(), "split")
	if r := runApp(t, args(whole)...); r.code != 0 {
		t.Fatalf("uninterrupted: exit %d\n%s", r.code, r.stderr)
	}

	cmd, stdout, stderr := appCommand(t, args(split)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for recordings(t, split) < total/2 {
		time.Sleep(2 * time.Millisecond)
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

	if r := runApp(t, args(split)...); r.code == 0 || !strings.Contains(r.stderr, "--resume") {
		t.Fatalf("a second run into the same folder was not refused: exit %d\n%s", r.code, r.stderr)
	}
	r = runApp(t, args(split, "--resume")...)
	if r.code != 0 || !strings.Contains(r.stdout, "already there") {
		t.Fatalf("resume: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	want, got := readSummary(t, whole), readSummary(t, split)
	for _, s := range []map[string]any{want, got} {
		for _, m := range s["modes"].([]any) {
			for _, key := range ignore {
				delete(m.(map[string]any)["stats"].(map[string]any), key)
			}
		}
	}
	if a, b := mustJSON(t, want), mustJSON(t, got); a != b {
		t.Fatalf("resumed summary differs:\n%s\nuninterrupted:\n%s", b, a)
	}
	if n := recordings(t, split); n != total {
		t.Fatalf("%d recordings after resuming, want %d", n, total)
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
