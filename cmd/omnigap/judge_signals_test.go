//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestCtrlCStopsJudgeWithinASecond: a judge whose calls hang stops
// within a second of ctrl-c, exits non-zero, says how to go on, and
// leaves no copy half written.
func TestCtrlCStopsJudgeWithinASecond(t *testing.T) {
	in := judgeInput(t)
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	var arrived <-chan struct{}
	srv.Chaos, arrived = llmtest.HangWhen(llmtest.Judging)
	out := filepath.Join(t.TempDir(), "judged")
	r := interrupted(t, 1, func(int) bool {
		select {
		case <-arrived:
			return true
		default:
			return false
		}
	}, append([]string{"judge", in, "--out", out}, modelArgs(srv)...)...)
	t.Logf("judge: stopped %v after ctrl-c, exit %d", r.wall, r.code)
	if r.code == 0 || r.wall > stopWithin || !strings.Contains(r.stdout, "--resume") {
		t.Fatalf("judge: exit %d %v after ctrl-c, want non-zero within %v and a word on --resume\n%s\n%s", r.code, r.wall, stopWithin, r.stdout, r.stderr)
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		t.Errorf("a file was left in --out: %s", e.Name())
	}
}
