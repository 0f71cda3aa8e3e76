// Package e2e drives the real omnigap binary in tmux, as a person would.
package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// term is one tmux server of our own (its own socket), one session in it.
type term struct {
	t      *testing.T
	socket string
}

func (tm term) tmux(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (tm term) capture() string { return tm.tmux("capture-pane", "-p", "-t", "e2e") }

func (tm term) keys(k ...string) { tm.tmux(append([]string{"send-keys", "-t", "e2e"}, k...)...) }

// waitFor captures the screen until cond accepts it.
func (tm term) waitFor(what string, limit time.Duration, cond func(string) bool) string {
	tm.t.Helper()
	deadline := time.After(limit)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		s := tm.capture()
		if cond(s) {
			return s
		}
		select {
		case <-deadline:
			tm.t.Fatalf("waiting for %s; screen:\n%s", what, s)
		case <-tick.C:
		}
	}
}

var (
	counter = regexp.MustCompile(`turn (\d+)/\d+`)
	status  = regexp.MustCompile(`(?m)(starting|running|pausing|paused|ended)(│|\s*$)`)
)

// panes returns each pane's turn counter and status, left to right.
func panes(screen string) (turns []int, states []string) {
	for _, m := range counter.FindAllStringSubmatch(screen, -1) {
		n, _ := strconv.Atoi(m[1])
		turns = append(turns, n)
	}
	for _, m := range status.FindAllStringSubmatch(screen, -1) {
		states = append(states, m[1])
	}
	return turns, states
}

func all(states []string, ok ...string) bool {
	for _, s := range states {
		if !slices.Contains(ok, s) {
			return false
		}
	}
	return len(states) > 0
}

// typeText types s as literal keys.
func (tm term) typeText(s string) { tm.tmux("send-keys", "-t", "e2e", "-l", s) }

// buildDir holds the omnigap binary the tests run, built once (linking
// it takes seconds on a busy machine) and removed by TestMain.
var buildDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// binary builds omnigap on first use and returns its path.
var binary = sync.OnceValues(func() (string, error) {
	var err error
	if buildDir, err = os.MkdirTemp("", "omnigap-e2e-"); err != nil {
		return "", err
	}
	bin := filepath.Join(buildDir, "omnigap")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/omnigap/omnigap/cmd/omnigap").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// launch runs omnigap (built once) with args in a tmux session of its own
// (160x45) and returns the terminal and the folder it records to; the
// command's exit status is written to the file status in that folder.
func launch(t *testing.T, name string, args ...string) (term, string) {
	t.Helper()
	return launchSized(t, name, 160, 45, nil, args...)
}

// launchSized is launch in a w x h terminal with extra environment
// settings (NAME=value).
func launchSized(t *testing.T, name string, w, h int, env []string, args ...string) (term, string) {
	t.Helper()
	return launchIn(t, name, "", w, h, env, args...)
}

// launchIn is launchSized run from the folder cwd (the test's own when
// empty).
func launchIn(t *testing.T, name, cwd string, w, h int, env []string, args ...string) (term, string) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; this end-to-end test needs it (CI installs it)")
	}
	dir := t.TempDir()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	tm := term{t: t, socket: fmt.Sprintf("omnigap-e2e-%s-%d", name, os.Getpid())}
	// The status is written aside and renamed, so it is never read half
	// written.
	statusFile := filepath.Join(dir, "status")
	// The user's endpoint settings stay out, so the built-in engine plays
	// unless a test asks for a backend.
	script := fmt.Sprintf("env -u OPENAI_API_KEY -u OPENAI_BASE_URL XDG_CONFIG_HOME=%s %s %s %s --record %s; echo EXIT=$? > %s.tmp && mv %s.tmp %s; sleep 60",
		filepath.Join(dir, "config"), strings.Join(env, " "), bin, strings.Join(args, " "), filepath.Join(dir, "rec"), statusFile, statusFile, statusFile)
	start := []string{"new-session", "-d", "-s", "e2e", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h)}
	if cwd != "" {
		start = append(start, "-c", cwd)
	}
	tm.tmux(append(start, "sh", "-c", script)...)
	t.Cleanup(func() { exec.Command("tmux", "-L", tm.socket, "kill-server").Run() })
	return tm, dir
}

// quit presses q and checks that omnigap exits with status 0 and leaves a
// clean screen.
func (tm term) quit(dir string) {
	tm.t.Helper()
	tm.keys("q")
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		b, err := os.ReadFile(filepath.Join(dir, "status"))
		if err == nil {
			if got := strings.TrimSpace(string(b)); got != "EXIT=0" {
				tm.t.Fatalf("omnigap exited with %s", got)
			}
			break
		}
		select {
		case <-deadline:
			tm.t.Fatalf("omnigap did not exit after q; screen:\n%s", tm.capture())
		case <-tick.C:
		}
	}
	if left := strings.TrimSpace(tm.capture()); left != "" {
		tm.t.Errorf("the screen should be clean after quitting, found:\n%s", left)
	}
}

func TestWatchInTmux(t *testing.T) {
	tm, dir := launch(t, "watch", "watch", "--modes", "script,agents", "--pace", "250ms")

	// Both pane headers appear.
	tm.waitFor("both pane headers", 10*time.Second, func(s string) bool {
		turns, states := panes(s)
		return strings.Contains(s, "▶SCRIPT ") && strings.Contains(s, " AGENTS ") && len(turns) == 2 && len(states) == 2
	})

	// Space pauses: "paused" in both headers once the turn in progress is
	// done. That a paused run then plays nothing, and a step exactly one
	// turn, is checked without waiting to see it in
	// TestPauseStopsRunsAndStepAdvancesEachByOneTurn (package tui), which
	// reads the runs' controllers; from outside the app only the screen
	// can be seen.
	tm.keys("Space")
	s := tm.waitFor("both panes paused", 15*time.Second, func(s string) bool {
		_, states := panes(s)
		return all(states, "paused")
	})
	before, _ := panes(s)

	// n advances each run by one turn and pauses it again.
	tm.keys("n")
	want := []int{before[0] + 1, before[1] + 1}
	tm.waitFor(fmt.Sprintf("turn counters %v", want), 15*time.Second, func(s string) bool {
		now, states := panes(s)
		return slices.Equal(now, want) && all(states, "paused", "ended")
	})

	// q quits with status 0 and leaves a clean screen.
	tm.quit(dir)
}
