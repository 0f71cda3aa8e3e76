//go:build linux || darwin

package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/llm/replycache"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestResumedRunCountsTheRequestsItSent: after --resume, the line of
// model calls counts as sent the requests this run sent, which the
// server counts, and the calls of the episodes already there apart, as
// the earlier run made them.
func TestResumedRunCountsTheRequestsItSent(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	args := func(episodes string, more ...string) []string {
		return append(append([]string{"run", "--scenario", "craigslist/gen-*", "--modes", "agents", "--episodes", episodes, "--seed", "4",
			"--cache", filepath.Join(dir, "replies.cache"), "--out", filepath.Join(dir, "study")}, more...), modelArgs(srv)...)
	}
	first, err := omnigap(t, args("2")...)
	sent := srv.Count()
	if err != nil || !strings.Contains(first, fmt.Sprintf("model calls: 0 answered from the cache, %d sent (and kept)\n", sent)) {
		t.Fatalf("the first run sent %d requests (%v):\n%s", sent, err, first)
	}
	resumed, err := omnigap(t, args("4", "--resume")...)
	now := srv.Count() - sent
	want := fmt.Sprintf(" answered from the cache, %d sent (and kept); the 2 episodes already there made theirs in an earlier run: 0 answered from the cache, %d sent\n", now, sent)
	if err != nil || now == 0 || !strings.Contains(resumed, want) {
		t.Fatalf("the resumed run sent %d requests (%v); want %q in:\n%s", now, err, want, resumed)
	}
}

// TestUnkeptRepliesAreNotSaidKept: replies the cache cannot keep (its
// file may not grow: a full disk, a quota) are counted as sent and said
// not kept, on the run's line and in its last word on --cache; the run
// itself succeeds.
func TestUnkeptRepliesAreNotSaidKept(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	cache := filepath.Join(dir, "replies.cache")
	c, err := replycache.Open(cache)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	// A kept reply of 2 MB, so that the file is far larger than anything
	// else the run writes; the cap then lets it grow by a few bytes only.
	f, err := os.OpenFile(cache, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, `{"key":"%s","model":"m","created":0,"reply":{"deltas":[],"text":"%s"}}`+"\n", hex.EncodeToString(make([]byte, 32)), strings.Repeat("x", 2<<20))
	f.Close()
	st, err := os.Stat(cache)
	if err != nil {
		t.Fatal(err)
	}
	cmd, stdout, stderr := appCommand(t, append([]string{"run", "--scenario", "craigslist/gen-*", "--modes", "agents", "--episodes", "2",
		"--cache", cache, "--out", filepath.Join(dir, "study")}, modelArgs(srv)...)...)
	cmd.Env = append(cmd.Env, "OMNIGAP_TEST_MAX_FILE_BYTES="+strconv.FormatInt(st.Size()+16, 10))
	r := finished(t, cmd, cmd.Run(), 0, stdout, stderr)
	sent := srv.Count()
	want := fmt.Sprintf("model calls: 0 answered from the cache, %d sent (%d of their replies could not be kept in the cache)\n", sent, sent)
	if r.code != 0 || sent == 0 || !strings.Contains(r.stdout, want) || strings.Contains(r.stdout, "(and kept)") ||
		!strings.Contains(r.stderr, fmt.Sprintf("--cache: %d replies could not be kept in the cache", sent)) {
		t.Fatalf("exit %d, %d requests sent; want %q in:\n%s\n%s", r.code, sent, want, r.stdout, r.stderr)
	}
}
