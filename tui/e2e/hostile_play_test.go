package e2e

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestHostileModelInPlayInTmux: the real binary's play mode, in a real
// terminal that lets programs set its clipboard and title, against a model
// whose replies try both (and a hyperlink, a screen clear, a bidi override,
// a NUL and invalid UTF-8): the reply is shown cleaned, the terminal's
// clipboard stays empty and its title is not the model's.
func TestHostileModelInPlayInTmux(t *testing.T) {
	t.Parallel()
	srv := llmtest.Start()
	defer srv.Close()
	gate := make(chan struct{})
	srv.Respond = func(r *llmtest.Request) string {
		<-gate // until the terminal accepts clipboard writes
		return `{"action": "speak", "text": "Hi\u001b]52;c;aGFja2Vk\u0007 AA\u001b[2JBB \u001b]0;owned\u0007\u202eevil\u202c ` +
			`\u001b]8;;http://evil.example\u0007link\u001b]8;;\u0007 nul\u0000 end"}`
	}
	tm, dir := launch(t, "hostileplay", "play", "--as", "buyer", "--backend", "openai", "--base-url", srv.URL, "--model", "fake")
	tm.tmux("set-option", "-g", "set-clipboard", "on")
	tm.tmux("set-option", "-g", "allow-rename", "on")
	close(gate)
	s := tm.waitFor("the model's cleaned turn and my turn", patient, func(s string) bool {
		return strings.Contains(s, "AABB") && strings.Contains(s, "link nul") && yourTurn(1)(s)
	})
	for _, bad := range []string{"owned", "aGFja2Vk", "\u202e"} {
		if strings.Contains(s, bad) {
			t.Errorf("the screen shows %q:\n%s", bad, s)
		}
	}
	if title := tm.tmux("display-message", "-p", "-t", "e2e", "#{pane_title}"); strings.Contains(title, "owned") {
		t.Errorf("the model set the terminal's title: %q", title)
	}
	if bufs := strings.TrimSpace(tm.tmux("list-buffers")); bufs != "" {
		t.Errorf("the model wrote the terminal's clipboard: %s", bufs)
	}
	tm.esc() // leave the input
	tm.quit(dir)
}
