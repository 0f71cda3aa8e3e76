package e2e

import (
	"strings"
	"testing"
)

// With no turn selected, } goes to the first annotation of the pane,
// wherever the pane is scrolled: at the end of a MINDREADERS run the view
// is at the last turns, and the mind-reads are at turns 1 and 2.
func TestNextAnnotationFromNoSelectionInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "nextnote", 80, 24, nil, "watch", "--modes", "mindreaders", "--seed", "1", "--pace", "5ms")
	tm.waitFor("the run to end", patient, func(s string) bool {
		_, states := panes(s)
		return all(states, "ended")
	})
	tm.keys("}")
	s := tm.waitFor("the first annotation", patient, func(s string) bool { return strings.Contains(s, "turn 1 · mind-read") })
	if strings.Contains(s, "no further annotation") {
		t.Fatalf("} said there was none:\n%s", s)
	}
	tm.keys("}")
	tm.waitFor("the next one", patient, func(s string) bool { return strings.Contains(s, "turn 2 · mind-read") })
	tm.quit(dir)
}
