// Package e2e drives the real omnigap binary in tmux, as a person would.
package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/termtest"
	"github.com/omnigap/omnigap/internal/tools"
)

// term is one tmux server of our own (its own socket), one session in it
// ("e2e"), driven through internal/termtest.
type term struct {
	t      *testing.T
	socket string
}

// shared is the term as internal/termtest drives it.
func (tm term) shared() *termtest.Term {
	return &termtest.Term{T: tm.t, Server: termtest.Server{Socket: tm.socket}, Session: "e2e"}
}

func (tm term) tmux(args ...string) string {
	tm.t.Helper()
	return tm.shared().Tmux(args...)
}

func (tm term) capture() string { return tm.shared().Capture() }

func (tm term) keys(k ...string) { tm.shared().Keys(k...) }

// waitFor captures the screen until cond accepts it.
func (tm term) waitFor(what string, limit time.Duration, cond func(string) bool) string {
	tm.t.Helper()
	return tm.shared().WaitFor(what, limit, cond)
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
func (tm term) typeText(s string) { tm.shared().Type(s) }

func TestMain(m *testing.M) { os.Exit(termtest.Main(m)) }

// binary builds omnigap on first use and returns its path.
var binary = termtest.Build

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
	tools.Need(t, "tmux")
	dir := t.TempDir()
	bin := termtest.Binary(t)
	// The user's endpoint settings stay out, so the built-in engine plays
	// unless a test asks for a backend. The exit status is written as
	// EXIT=N to the file status in dir.
	command := fmt.Sprintf("env -u OPENAI_API_KEY -u OPENAI_BASE_URL XDG_CONFIG_HOME=%s %s %s %s --record %s; echo EXIT=$? > %s.tmp && mv %s.tmp %s; sleep 60",
		filepath.Join(dir, "config"), strings.Join(env, " "), bin, strings.Join(args, " "), filepath.Join(dir, "rec"), filepath.Join(dir, "status"), filepath.Join(dir, "status"), filepath.Join(dir, "status"))
	shared := termtest.Start(t, "e2e-"+name, termtest.Session{Name: "e2e", Dir: cwd, Width: w, Height: h, Command: command})
	return term{t: t, socket: shared.Socket}, dir
}

// quit presses q and checks that omnigap exits with status 0 and leaves a
// clean screen.
func (tm term) quit(dir string) {
	tm.t.Helper()
	tm.keys("q")
	got, ok := termtest.Poll(10*time.Second, func() (string, bool) {
		got := termtest.ReadStatus(filepath.Join(dir, "status"))
		return got, got != ""
	})
	if !ok {
		tm.t.Fatalf("omnigap did not exit after q; screen:\n%s", tm.capture())
	}
	if got != "EXIT=0" {
		tm.t.Fatalf("omnigap exited with %s", got)
	}
	if left := strings.TrimSpace(tm.capture()); left != "" {
		tm.t.Errorf("the screen should be clean after quitting, found:\n%s", left)
	}
}

func TestWatchInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launch(t, "watch", "watch", "--modes", "script,agents", "--pace", "40ms")

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
