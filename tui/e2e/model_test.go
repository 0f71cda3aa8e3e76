package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/llm/llmtest"
)

// TestWatchAgainstAStreamingEndpointInTmux points the real binary at a
// loopback server that speaks the chat-completions streaming protocol and
// checks that all three panes stream turns from it.
func TestWatchAgainstAStreamingEndpointInTmux(t *testing.T) {
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
