package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/internal/llmtest"
	"github.com/omnigap/omnigap/internal/recordtest"
)

// TestWatchAgainstAStreamingEndpointInTmux points the real binary at a
// loopback server that speaks the chat-completions streaming protocol and
// checks that all three panes stream turns from it.
func TestWatchAgainstAStreamingEndpointInTmux(t *testing.T) {
	t.Parallel()
	srv := llmtest.Start()
	srv.ChunkDelay = 5 * time.Millisecond
	defer srv.Close()
	tm, dir := launch(t, "model", "watch", "--backend", "openai", "--base-url", srv.URL, "--model", "fake",
		"--modes", "script,agents,mindreaders")
	tm.waitFor("three panes of model turns", 60*time.Second, func(s string) bool {
		turns, _ := panes(s)
		return strings.Count(s, "openai:fake") == 3 && len(turns) == 3 && turns[0] >= 2 && turns[1] >= 2 && turns[2] >= 2
	})
	tm.quit(dir)
	if srv.Count() < 6 {
		t.Errorf("the server saw %d requests", srv.Count())
	}
}

// TestQuitWhileTheJudgeHangsInTmux: with --judge and an endpoint whose
// judge calls hang, q exits within a second (not after the call's
// timeout), and the run's recording is closed with its ending marked
// unjudged.
func TestQuitWhileTheJudgeHangsInTmux(t *testing.T) {
	t.Parallel()
	srv := llmtest.Start()
	defer srv.Close()
	var judging <-chan struct{}
	srv.Chaos, judging = llmtest.HangWhen(llmtest.Judging)
	tm, dir := launch(t, "judge", "watch", "--backend", "openai", "--base-url", srv.URL, "--model", "fake",
		"--modes", "agents", "--judge")
	select {
	case <-judging:
	case <-time.After(time.Minute):
		t.Fatalf("no judge call within a minute; screen:\n%s", tm.capture())
	}
	pressed := time.Now()
	tm.keys("q")
	for {
		b, err := os.ReadFile(filepath.Join(dir, "status"))
		if err == nil {
			if got := strings.TrimSpace(string(b)); got != "EXIT=0" {
				t.Fatalf("omnigap exited with %s", got)
			}
			break
		}
		if time.Since(pressed) > time.Second {
			t.Fatalf("omnigap still runs 1 s after q while the judge hangs; screen:\n%s", tm.capture())
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("omnigap exited within %v of q", time.Since(pressed))
	rec := recordtest.Only(t, filepath.Join(dir, "rec"))
	if end := rec.Footer.Ending; end.Reason == event.Canceled || end.Notes[metrics.JudgeStoppedNote] == "" {
		t.Errorf("ending %s, notes %v: want the dialogue's ending marked %s", end.Reason, end.Notes, metrics.JudgeStoppedNote)
	}
}
