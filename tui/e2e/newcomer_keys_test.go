package e2e

import (
	"strings"
	"testing"
)

// Keys a newcomer presses in the watch say what they do: enter with no
// seat to type for says how to take one, and r while paused says that
// the new runs wait for space.
func TestEnterAndRestartSayWhatToDoInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "newcomerkeys", 80, 24, nil, "watch", "--seed", "1")
	tm.waitFor("the panes", patient, func(s string) bool { _, states := panes(s); return len(states) > 0 })
	tm.keys("Enter")
	tm.waitFor("what enter needs", patient, func(s string) bool { return strings.Contains(s, "t takes one over") })
	tm.keys("Space")
	tm.waitFor("the runs paused", patient, func(s string) bool { _, states := panes(s); return all(states, "paused") })
	tm.keys("r")
	tm.waitFor("the restarted runs, and how to start them", patient, func(s string) bool {
		return strings.Contains(s, "seed 2") && strings.Contains(s, "space to start")
	})
	tm.quit(dir)
}
