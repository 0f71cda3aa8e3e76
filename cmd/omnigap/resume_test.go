//go:build linux || darwin

package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestInterruptedRunResumesToTheSameSummary: a study stopped with SIGINT
// halfway stops within a second, leaves only valid recordings and a
// summary marked interrupted, and once resumed gives the summary an
// uninterrupted study gives.
func TestInterruptedRunResumesToTheSameSummary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays 1,200 episodes")
	}
	args := func(out string, more ...string) []string {
		return append([]string{"run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*",
			"--episodes", "100", "--seed", "5", "--concurrency", "8", "--out", out}, more...)
	}
	checkResume(t, args, 600, nil)
}

// TestInterruptedModelRunResumesToTheSameSummary is the same against the
// loopback model server. Cached prompt tokens are left out of the
// comparison: the server's prefix cache is shared by all requests, so
// which call is the first to send the system message depends on timing.
func TestInterruptedModelRunResumesToTheSameSummary(t *testing.T) {
	t.Parallel()
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

// TestStoppedJudgingIsPlayedAgainOnResume: ctrl-c while the judge scores
// an episode stops the judge at once; the episode's recording stays
// valid, marked judge.stopped, is left out of the interrupted summary
// and is played again, judged this time, by --resume.
func TestStoppedJudgingIsPlayedAgainOnResume(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	var hang atomic.Bool
	hang.Store(true)
	var judging <-chan struct{}
	srv.Chaos, judging = llmtest.HangWhen(func(r *llmtest.Request) bool { return hang.Load() && llmtest.Judging(r) })
	out := filepath.Join(t.TempDir(), "study")
	args := func(more ...string) []string {
		return append(append([]string{"run", "--scenario", "craigslist/road-bike", "--modes", "agents",
			"--episodes", "1", "--seed", "3", "--out", out, "--judge"}, more...), modelArgs(srv)...)
	}
	cmd, stdout, stderr := appCommand(t, args()...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-judging:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatal("no judge call within a minute")
	}
	signaled := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	r := finished(t, cmd, cmd.Wait(), time.Since(signaled), stdout, stderr)
	if r.code == 0 || r.wall > 3*time.Second {
		t.Fatalf("after SIGINT while judging: exit %d after %v\n%s", r.code, r.wall, r.stderr)
	}
	judged := func() (stopped, scored int) {
		files, _ := record.Files(out)
		for _, f := range files {
			rec, err := record.Read(f)
			if err != nil || rec.Footer == nil {
				t.Fatalf("%s: %v (%s)", f, err, rec.EndNote())
			}
			if rec.Footer.Ending.Notes[metrics.JudgeStoppedNote] != "" {
				stopped++
			}
			if _, ok := rec.Footer.Ending.Metrics["judge.seat0.goal"]; ok {
				scored++
			}
		}
		return stopped, scored
	}
	if stopped, _ := judged(); stopped != 1 {
		t.Fatalf("%d recordings marked %s after the stop, want 1", stopped, metrics.JudgeStoppedNote)
	}
	if s := readSummary(t, out); s["interrupted"] != true || s["modes"].([]any)[0].(map[string]any)["episodes"] != 0.0 {
		t.Errorf("the interrupted summary counts the unjudged episode: %s", mustJSON(t, s))
	}
	hang.Store(false)
	if r := runApp(t, args("--resume")...); r.code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if stopped, scored := judged(); stopped != 0 || scored != 1 {
		t.Errorf("after resuming: %d recordings marked stopped, %d judged; want 0 and 1", stopped, scored)
	}
}

// TestInterruptedFailingModelRunResumesToTheSameSummary: the same with
// a server that fails some requests and breaks some replies, so episodes
// retry calls, re-ask and record errors. Each failure depends on the
// request alone, not on when it came (so a failing request fails every
// try and the call gives up), and the whole and the resumed study meet
// the same ones: their summaries, retries included, must match.
func TestInterruptedFailingModelRunResumesToTheSameSummary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays 240 episodes against a failing model server")
	}
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	srv.Chaos = func(r *llmtest.Request) llmtest.Fault {
		// Server errors and rate limits are few, and the client's
		// first wait before a retry is short (--retry-backoff below).
		switch requestHash(r, "fault") % 200 {
		case 0, 1:
			return llmtest.Fault{Status: 500, Message: "upstream worker crashed"}
		case 2, 3:
			return llmtest.Fault{Status: 429, RetryAfter: "0.01", Message: "slow down"}
		case 4, 5, 6, 7, 8, 9:
			return llmtest.Fault{DropAfter: 2}
		}
		return llmtest.Fault{}
	}
	srv.Respond = func(r *llmtest.Request) string {
		if requestHash(r, "reply")%100 < 8 {
			return `{"action": "teleport", "text": "Gone."}`
		}
		return llmtest.Default(r)
	}
	args := func(out string, more ...string) []string {
		return append(append([]string{"run", "--scenario", "craigslist/gen-*", "--modes", "agents,mindreaders",
			"--episodes", "40", "--seed", "4", "--concurrency", "8", "--retry-backoff", "20ms", "--out", out}, more...), modelArgs(srv)...)
	}
	want := checkResume(t, args, 80, []string{metrics.TokensCached})
	retries, _ := want["retries"].(map[string]any)
	for _, kind := range []string{"server_error", "rate_limit", "cut_stream", "reask"} {
		if n, _ := retries[kind].(float64); n == 0 {
			t.Errorf("no %s retries in the study, so the test shows nothing about them: %v", kind, retries)
		}
	}
}

// requestHash is a number drawn from a request's messages and its seed.
func requestHash(r *llmtest.Request, salt string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(salt + r.Prompt()))
	if r.Seed != nil {
		fmt.Fprint(h, *r.Seed)
	}
	return h.Sum32()
}

// checkResume runs a study whole, then again stopped by SIGINT halfway and
// resumed, and compares the two summaries, leaving out the given stats. It
// returns the uninterrupted study's summary.
func checkResume(t *testing.T, args func(out string, more ...string) []string, total int, ignore []string) map[string]any {
	t.Helper()
	whole, split := filepath.Join(t.TempDir(), "whole"), filepath.Join(t.TempDir(), "split")
	if r := runApp(t, args(whole)...); r.code != 0 {
		t.Fatalf("uninterrupted: exit %d\n%s", r.code, r.stderr)
	}

	cmd, stdout, stderr := appCommand(t, args(split)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	halfway := time.After(3 * time.Minute)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for recordings(t, split) < total/2 {
		select {
		case <-halfway:
			cmd.Process.Kill()
			t.Fatalf("not halfway after 3 minutes: %d recordings of %d", recordings(t, split), total)
		case <-tick.C:
		}
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
	return want
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
