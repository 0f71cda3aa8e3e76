package termtest

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/tools"
)

// Server is a tmux server of its own (-L Socket), so tests, measurements
// and the user's own tmux never meet.
type Server struct{ Socket string }

// sockets numbers the servers this process starts.
var sockets atomic.Int64

// NewServer names a server unique to this process: omnigap-NAME-PID-N.
// It starts with its first session (tmux new-session).
func NewServer(name string) Server {
	return Server{Socket: fmt.Sprintf("omnigap-%s-%d-%d", name, os.Getpid(), sockets.Add(1))}
}

// Tmux runs a tmux command on the server and returns its output.
func (s Server) Tmux(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", s.Socket}, args...)...).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return string(out), nil
}

// Kill stops the server and everything running in it.
func (s Server) Kill() { exec.Command("tmux", "-L", s.Socket, "kill-server").Run() }

// Term is a test's terminal: a session of a tmux server of the test's
// own, killed when the test ends.
type Term struct {
	T testing.TB
	Server
	// Session is the session keys go to and the screen is read from.
	Session string
}

// Session is one tmux session to start: Width x Height cells, in the
// folder Dir (the test's own when empty), running Command (a shell
// command line, run by sh -c).
type Session struct {
	Name, Dir, Command string
	Width, Height      int
}

// Start starts a tmux server of the test's own (name names its socket)
// with the session s, and kills it when the test ends. Without tmux the
// test is skipped (failed under CI: internal/tools).
func Start(t testing.TB, name string, s Session) *Term {
	t.Helper()
	tools.Need(t, "tmux")
	tm := &Term{T: t, Server: NewServer(name), Session: s.Name}
	t.Cleanup(tm.Kill)
	tm.NewSession(s)
	// With -v this shows at once: another terminal can watch the test.
	t.Logf("watch it: tmux -L %s attach -r -t %s", tm.Socket, s.Name)
	return tm
}

// NewSession starts another session on the term's server (the first
// one when the server is not running yet).
func (tm *Term) NewSession(s Session) {
	tm.T.Helper()
	args := []string{"new-session", "-d", "-s", s.Name, "-x", fmt.Sprint(s.Width), "-y", fmt.Sprint(s.Height)}
	if s.Dir != "" {
		args = append(args, "-c", s.Dir)
	}
	tm.Tmux(append(args, "sh", "-c", s.Command)...)
}

// Tmux runs a tmux command on the term's server; an error fails the test.
func (tm *Term) Tmux(args ...string) string {
	tm.T.Helper()
	out, err := tm.Server.Tmux(args...)
	if err != nil {
		tm.T.Fatal(err)
	}
	return out
}

// Capture is the session's screen as text.
func (tm *Term) Capture() string { return tm.Tmux("capture-pane", "-p", "-t", tm.Session) }

// Keys presses keys in tmux's names (Enter, Escape, C-c, a, …).
func (tm *Term) Keys(k ...string) { tm.Tmux(append([]string{"send-keys", "-t", tm.Session}, k...)...) }

// Type types s as literal keys.
func (tm *Term) Type(s string) { tm.Tmux("send-keys", "-t", tm.Session, "-l", s) }

// WaitFor captures the screen until cond accepts it and returns that
// screen; after limit the test fails, naming what it waited for and
// showing the screen.
func (tm *Term) WaitFor(what string, limit time.Duration, cond func(string) bool) string {
	tm.T.Helper()
	s, ok := Poll(limit, func() (string, bool) {
		s := tm.Capture()
		return s, cond(s)
	})
	if !ok {
		tm.T.Fatalf("waiting for %s; screen:\n%s", what, s)
	}
	return s
}
