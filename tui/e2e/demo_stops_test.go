package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The first shipped comparison stops at turn 1 with a SCRIPT leak and,
// on the same turn, a MINDREADERS mind-read: each gets its callout, one
// after the other, and the scoreboard counts what was called out. The
// pane headings count their own mode's kind.
func TestDemoCallsOutEveryStopOfATurnInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "demostops", 120, 40, nil, "demo", "--pace", "5ms")
	s := tm.waitFor("the first callout", patient, func(s string) bool { return stopCallout.MatchString(s) })
	for _, heading := range []string{"leaks ", "guesses ", "mind-reads "} {
		if !regexp.MustCompile(`turn \d+/20  ` + heading).MatchString(s) {
			t.Errorf("no pane heading counts %q:\n%s", heading, s)
		}
	}
	var called []string
	s = tm.waitFor("the scoreboard", patient, func(s string) bool {
		// Space only once every run has stopped, so that every stop of
		// the turn is known before the first is answered.
		_, states := panes(s)
		if c := stopCallout.FindString(s); c != "" && all(states, "paused", "ended") && (len(called) == 0 || called[len(called)-1] != c) {
			called = append(called, c)
			tm.keys("Space")
		}
		return strings.Contains(s, "Scoreboard")
	})
	joined := strings.Join(called, "\n")
	for _, want := range []string{"LEAK in SCRIPT, turn 1:", "MIND-READ in MINDREADERS, turn 1:"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no callout %q; the callouts were:\n%s", want, joined)
		}
	}
	count := func(row string) []int {
		m := regexp.MustCompile(`(?m)^` + row + `\s+(\d+)\s+(\d+)\s+(\d+)`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("no %s row on the scoreboard:\n%s", row, s)
		}
		var out []int
		for _, n := range m[1:] {
			v, _ := strconv.Atoi(n)
			out = append(out, v)
		}
		return out
	}
	if leaks, got := count("leaks")[0], strings.Count(joined, "LEAK in SCRIPT"); leaks != got {
		t.Errorf("the scoreboard counts %d SCRIPT leaks, %d were called out:\n%s", leaks, got, joined)
	}
	if reads, got := count("mind-reads")[2], strings.Count(joined, "MIND-READ in MINDREADERS"); reads != got {
		t.Errorf("the scoreboard counts %d mind-reads, %d were called out:\n%s", reads, got, joined)
	}
	tm.waitFor("the scoreboard to settle", 10*time.Second, func(string) bool { return true })
	tm.quit(dir)
}
