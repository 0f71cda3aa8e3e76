package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/termtest"
	"github.com/omnigap/omnigap/internal/tools"
)

// TestServeToOpenSSHInTmux: omnigap serve on loopback, and the real
// OpenSSH client in tmux as a person in the audience. The person sees
// the welcome, plays a whole game against the built-in seller, sees the
// reveal and leaves; the game's recording names a salted player and the
// human backend, and report counts it in its own PEOPLE column beside
// the SCRIPT and AGENTS runs the server played for its console. ctrl-c
// then stops the server.
func TestServeToOpenSSHInTmux(t *testing.T) {
	t.Parallel()
	tools.Need(t, "ssh")
	tools.Need(t, "tmux")
	dir := t.TempDir()
	bin := termtest.Binary(t)
	port := freePort(t)
	rec := filepath.Join(dir, "rec")
	srv := termtest.NewServer("e2e-serve")
	tm := term{t: t, socket: srv.Socket}
	t.Cleanup(srv.Kill)
	status := filepath.Join(dir, "status")
	// bash runs a trap only once its foreground command is done, so ctrl-c
	// reaches omnigap and the shell still writes its exit status.
	server := fmt.Sprintf("trap true INT; env -u OPENAI_API_KEY -u OPENAI_BASE_URL XDG_CONFIG_HOME=%s %s serve --listen 127.0.0.1:%d --record %s --baseline 2 --pace 20ms > %s 2>&1; echo EXIT=$? > %s.tmp && mv %s.tmp %s; sleep 60",
		filepath.Join(dir, "config"), bin, port, rec, filepath.Join(dir, "server.log"), status, status, status)
	tm.tmux("new-session", "-d", "-s", "srv", "-x", "100", "-y", "20", "bash", "-c", server)
	waitListening(t, port)

	client := fmt.Sprintf("ssh -F /dev/null -p %d -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR player@127.0.0.1; sleep 60", port)
	tm.tmux("new-session", "-d", "-s", "e2e", "-x", "100", "-y", "30", "sh", "-c", client)
	s := tm.waitFor("the welcome", patient, func(s string) bool { return strings.Contains(s, "Press enter to begin") })
	for _, want := range []string{"You play Luis Herrera (buyer) against an agent.", "recorded under the name p-"} {
		if !strings.Contains(s, want) {
			t.Errorf("the welcome should say %q:\n%s", want, s)
		}
	}
	tm.keys("Enter")
	tm.waitFor("the seller's opening and my turn", patient, yourTurn(1))
	tm.typeText("would you take five hundred?")
	tm.keys("Enter")
	tm.waitFor("a counter and my turn again", patient, yourTurn(3))
	tm.typeText("/offer 540")
	tm.keys("Enter")
	tm.waitFor("the offer's warning", patient, func(s string) bool { return strings.Contains(s, "! a formal offer ends the game") })
	tm.keys("Enter")
	s = tm.waitFor("the reveal", patient, func(s string) bool {
		return strings.Contains(s, "The reveal") && strings.Contains(s, "Your score: goal completion")
	})
	if !strings.Contains(s, "deal at $540 (accepted") {
		t.Errorf("the reveal should show the deal:\n%s", s)
	}
	tm.keys("q")
	tm.waitFor("the ssh session to end", patient, func(s string) bool { return !strings.Contains(s, "The reveal") })

	paths, err := record.Files(rec)
	if err != nil || len(paths) != 1 {
		t.Fatalf("want the game's one recording in %s, got %v (%v)", rec, paths, err)
	}
	game, err := record.Read(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if end := game.Ending(); game.Footer == nil || end.Reason != event.Accepted {
		t.Errorf("the game should end accepted with a footer, got %+v", end)
	}
	if h := game.Header; h.Backends != [2]string{"builtin", "human"} || !strings.HasPrefix(h.Player, "p-") {
		t.Errorf("header: backends %v, player %q", h.Backends, h.Player)
	}
	for _, secret := range []string{"127.0.0.1", "player@"} {
		if b, _ := os.ReadFile(paths[0]); strings.Contains(string(b), secret) {
			t.Errorf("the recording holds %q", secret)
		}
	}

	// ctrl-c stops the server, with status 0, once its SCRIPT and AGENTS
	// runs are recorded.
	tm.waitFor("the console's runs", patient, func(string) bool {
		files, _ := record.Files(filepath.Join(rec, "baseline"))
		return len(files) == 4
	})
	tm.tmux("send-keys", "-t", "srv", "C-c")
	deadline := time.Now().Add(patient)
	for {
		b, err := os.ReadFile(status)
		if err == nil {
			if got := strings.TrimSpace(string(b)); got != "EXIT=0" {
				log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
				t.Fatalf("omnigap serve exited with %s:\n%s", got, log)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("omnigap serve did not stop on ctrl-c")
		}
		time.Sleep(100 * time.Millisecond)
	}

	out, err := exec.Command(bin, "report", rec, filepath.Join(rec, "baseline")).CombinedOutput()
	if err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "episodes SCRIPT 2, AGENTS 2, PEOPLE 1") {
		t.Errorf("report should count the game in a PEOPLE column of its own:\n%s", out)
	}
}

// freePort is a loopback port nothing listens on.
func freePort(t *testing.T) int { return termtest.FreePort(t) }

// waitListening waits for the server to accept connections on port.
func waitListening(t *testing.T, port int) { termtest.WaitListening(t, port, patient) }
