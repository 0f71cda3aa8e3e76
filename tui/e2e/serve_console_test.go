//go:build unix

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// words is a screen's text with its line breaks and padding gone, to find
// a sentence however it was wrapped.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestServeConsoleCountsAnAbandonedGameAndStopsOnSIGTERM: omnigap serve
// --console in an 80-column terminal, and a person in the audience (the
// OpenSSH client in tmux) who starts a game and leaves before their
// first turn, the way the welcome says: esc, then q. The console counts
// the game apart, as abandoned, says so in a note that wraps rather than
// being cut, and a SIGTERM stops the server with status 0.
func TestServeConsoleCountsAnAbandonedGameAndStopsOnSIGTERM(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ssh"); err != nil {
		t.Skip("the OpenSSH client is not installed; this end-to-end test needs it (CI installs it)")
	}
	port := freePort(t)
	tm, dir := launchSized(t, "serveconsole", 80, 40, nil, "serve", "--listen", fmt.Sprintf("127.0.0.1:%d", port), "--console", "--baseline", "1", "--pace", "20ms")
	waitListening(t, port)

	player := func(args ...string) string {
		return tm.tmux(append([]string{args[0], "-t", "p"}, args[1:]...)...)
	}
	waitPlayer := func(what string, cond func(string) bool) string {
		t.Helper()
		deadline := time.Now().Add(patient)
		for {
			s := player("capture-pane", "-p")
			if cond(s) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %s; the player's screen:\n%s", what, s)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	client := fmt.Sprintf("ssh -F /dev/null -p %d -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR player@127.0.0.1; echo SSH-ENDED; sleep 60", port)
	tm.tmux("new-session", "-d", "-s", "p", "-x", "100", "-y", "30", "sh", "-c", client)
	s := waitPlayer("the welcome", func(s string) bool { return strings.Contains(s, "Press enter to begin") })
	if want := "To leave: esc, then q; or ctrl+c."; !strings.Contains(words(s), want) {
		t.Errorf("the welcome should say %q:\n%s", want, s)
	}
	player("send-keys", "Enter")
	waitPlayer("my first turn", yourTurn(1))
	player("send-keys", "Escape")
	waitPlayer("the input to let go", func(s string) bool { return strings.Contains(s, "enter types") })
	player("send-keys", "q")
	waitPlayer("the game to end", func(s string) bool { return strings.Contains(s, "SSH-ENDED") })

	// The seat is given back a moment after the game's recording is
	// counted: the console is waited for until it shows both.
	s = tm.waitFor("the console to count the game as abandoned and the seat free", patient, func(s string) bool {
		return strings.Contains(s, "0, 1 abandoned") && strings.Contains(s, "1 run each") && strings.Contains(words(s), "0 under way, 0 on the reveal")
	})
	for _, want := range []string{
		"abandoned: 1 game in which the player left before their first turn, counted in no figure",
		"SCRIPT and AGENTS: 1 run each, seeds 1 to 1 (people play seed 1)",
		"0 under way, 0 on the reveal · 1 game started",
	} {
		if !strings.Contains(words(s), want) {
			t.Errorf("the console should say %q:\n%s", want, s)
		}
	}

	// SIGTERM, as a service manager stops it: status 0.
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}"))
	out, err := exec.Command("pgrep", "-P", shell).Output()
	if err != nil {
		t.Fatalf("the server's process under %s: %v", shell, err)
	}
	pid, err := strconv.Atoi(strings.Fields(string(out))[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(patient)
	for {
		b, err := os.ReadFile(filepath.Join(dir, "status"))
		if err == nil {
			if got := strings.TrimSpace(string(b)); got != "EXIT=0" {
				t.Fatalf("omnigap serve --console exited on SIGTERM with %s:\n%s", got, tm.capture())
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("omnigap serve --console did not stop on SIGTERM:\n%s", tm.capture())
		}
		time.Sleep(100 * time.Millisecond)
	}
}
