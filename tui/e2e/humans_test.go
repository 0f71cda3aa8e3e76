package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/shareddata"
)

// TestHumansPaneInTmux opens a HUMANS pane, one real Deal-or-No-Deal
// dialogue from cocoa's val file, beside SCRIPT and AGENTS on the same
// scenario, pauses everything and steps through the people's dialogue
// turn by turn to their selections.
func TestHumansPaneInTmux(t *testing.T) {
	t.Parallel()
	val := shareddata.Path(t, "cocoa/dealornodeal-val.json")
	tm, dir := launch(t, "humans", "watch", "--humans", val+"#E_QKqgvpMitAUvhKCf", "--modes", "script,agents", "--pace", "20ms")

	tm.waitFor("three pane headers", 10*time.Second, func(s string) bool {
		turns, _ := panes(s)
		return strings.Contains(s, "▶SCRIPT ") && strings.Contains(s, " AGENTS ") && strings.Contains(s, " HUMANS ") && len(turns) == 3
	})
	tm.keys("Space")
	s := tm.waitFor("all panes paused or ended", 15*time.Second, func(s string) bool {
		_, states := panes(s)
		return len(states) == 3 && all(states, "paused", "ended")
	})
	turns, _ := panes(s)
	humans := turns[2]

	// Step the people's dialogue to its end: nine turns, the last two
	// their selections, with the words they typed and nothing else.
	for humans < 9 {
		tm.keys("n")
		want := humans + 1
		s = tm.waitFor("the HUMANS pane one turn further", 15*time.Second, func(s string) bool {
			now, states := panes(s)
			return len(now) == 3 && now[2] == want && all(states, "paused", "ended")
		})
		humans = want
	}
	for _, said := range []string{"reader", "trilogy", "cant do it", "select ball=1 book=2 hat=0"} {
		if !strings.Contains(s, said) {
			t.Errorf("the HUMANS pane lacks %q after its nine turns:\n%s", said, s)
		}
	}
	tm.waitFor("the HUMANS run ended", 10*time.Second, func(s string) bool {
		_, states := panes(s)
		return len(states) == 3 && states[2] == "ended"
	})
	tm.quit(dir)
}
