package e2e

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var (
	leakCallout = regexp.MustCompile(`LEAK in (SCRIPT|AGENTS|MINDREADERS), turn \d+: \S+ says[^\n]*`)
	// the runs stop at leaks and mind-reads, never at guesses.
	stopCallout = regexp.MustCompile(`(LEAK|MIND-READ)( \(APPROXIMATE\))? in (SCRIPT|AGENTS|MINDREADERS), turn \d+: \S+ says[^\n]*`)
	// a pane caption says what the pane is, under its header, whole.
	caption = regexp.MustCompile(`(one writer knows both sides|one writer, both sides) .*(each side knows only its own|each knows its own facts)`)
)

// Present the shipped recordings at a size: captions show under the
// pane headers, a leak stops the runs with a callout, each episode ends
// on a scoreboard, and q exits 0.
func presentShipped(t *testing.T, name string, w, h int, env ...string) {
	paths, _ := filepath.Glob("../../recordings/*.jsonl")
	if len(paths) == 0 {
		t.Fatal("no shipped recordings")
	}
	for i, p := range paths {
		paths[i], _ = filepath.Abs(p)
	}
	tm, dir := launchSized(t, name, w, h, env, append([]string{"demo", "--pace", "5ms"}, paths...)...)
	s := tm.waitFor("a leak callout", 15*time.Second, func(s string) bool { return leakCallout.MatchString(s) })
	if !caption.MatchString(s) {
		t.Errorf("no pane caption on screen:\n%s", s)
	}
	if !strings.Contains(s, "leak") || !strings.Contains(s, "first mention") {
		t.Errorf("the legend is not in view:\n%s", s)
	}
	// The keys stay on screen under the callout, and the leak said opens
	// with its marker, which needs no colour.
	for _, want := range []string{"space go on", "s scores", "? help", "!$"} {
		if !strings.Contains(s, want) {
			t.Errorf("the screen at the callout lacks %q:\n%s", want, s)
		}
	}
	if len(env) > 0 && env[0] == "NO_COLOR=1" {
		styled := tm.tmux("capture-pane", "-p", "-e", "-t", "e2e")
		if regexp.MustCompile(`\x1b\[[0-9;]*[34]8;[25];`).MatchString(styled) {
			t.Errorf("NO_COLOR: the screen still has colours:\n%q", styled)
		}
		if !regexp.MustCompile(`\x1b\[[0-9;]*;7m`).MatchString(styled) {
			t.Errorf("NO_COLOR: highlights should stay visible in reverse video:\n%q", styled)
		}
	}
	if !regexp.MustCompile(`comparison 1 of \d`).MatchString(s) {
		t.Errorf("the title does not say which comparison plays:\n%s", s)
	}
	// space goes on past each leak and mind-read until the scoreboard
	// shows: once per callout, so a callout still on screen is not
	// answered twice. No callout is a guess's.
	answered := ""
	s = tm.waitFor("the scoreboard", 30*time.Second, func(s string) bool {
		if strings.Contains(s, "GUESS in") {
			t.Errorf("the runs stopped at a guess:\n%s", s)
		}
		if c := stopCallout.FindString(s); c != "" && c != answered {
			tm.keys("Space")
			answered = c
		}
		return strings.Contains(s, "Scoreboard")
	})
	for _, row := range []string{"outcome", "goal completion", "Dana, seller", "Luis, buyer", "leaks", "guesses", "turns", "SCRIPT", "AGENTS"} {
		if !strings.Contains(s, row) {
			t.Errorf("the scoreboard lacks %q:\n%s", row, s)
		}
	}
	// The next comparison starts from the scoreboard.
	tm.keys("Space")
	tm.waitFor("the second comparison", 10*time.Second, func(s string) bool {
		return regexp.MustCompile(`comparison 2 of \d`).MatchString(s) && !strings.Contains(s, "Scoreboard")
	})
	tm.quit(dir)
}

func TestDemoAt80x24InTmux(t *testing.T) {
	t.Parallel()
	presentShipped(t, "demo80", 80, 24)
}

func TestDemoAt200x50NoColorInTmux(t *testing.T) {
	t.Parallel()
	presentShipped(t, "demo200", 200, 50, "NO_COLOR=1")
}
