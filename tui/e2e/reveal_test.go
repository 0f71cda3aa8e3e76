package e2e

import (
	"strings"
	"testing"
)

// revealSide is the reveal's own column (left of the SCRIPT pane) of an
// 80-column screen.
func revealSide(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if left, _, ok := strings.Cut(l, "│"); ok {
			out = append(out, left)
		}
	}
	return out
}

// At 80x24 the reveal beside the SCRIPT pane keeps its title and
// headings whole, counts in the singular for one, and once closed the
// screen says that v opens it again and offers no pause of a game that
// is over.
func TestRevealFitsAt80x24InTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "reveal80", 80, 24, nil, "play", "--as", "buyer", "--seed", "1", "--pace", "5ms")
	tm.waitFor("the seller's opening and my turn", patient, yourTurn(1))
	tm.typeText("/offer 500")
	tm.keys("Enter")
	tm.waitFor("the warning", patient, func(s string) bool { return strings.Contains(s, "! a formal offer ends the game") })
	tm.keys("Enter")
	s := tm.waitFor("the reveal beside the ended SCRIPT run", patient, func(s string) bool {
		return strings.Contains(s, "How it went") && strings.Contains(s, "SCRIPT") && strings.Contains(s, "ended")
	})
	side := strings.Join(revealSide(s), "\n")
	if !strings.Contains(side, "The reveal") {
		t.Errorf("the reveal's title is cut:\n%s", s)
	}
	if strings.Contains(side, "…") {
		t.Errorf("a line of the reveal is cut:\n%s", s)
	}
	if !strings.Contains(side, "What Dana Okafor (seller) was told, and") || !strings.Contains(side, "you were not") {
		t.Errorf("the partner's heading is not whole:\n%s", s)
	}
	if strings.Contains(s, "space pause") {
		t.Errorf("the footer offers to pause a game that is over:\n%s", s)
	}
	tm.keys("End")
	s = tm.waitFor("the SCRIPT run's figures", patient, func(s string) bool { return strings.Contains(s, "One writer knew both sides") })
	side = strings.Join(strings.Fields(strings.Join(revealSide(s), " ")), " ")
	if !strings.Contains(side, "One writer knew both sides: 1 leak, 0 disclosures in 5 turns.") {
		t.Errorf("the SCRIPT run's counts read wrong:\n%s", s)
	}
	tm.keys("Escape")
	// The closed screen is waited for by its own words: a capture taken
	// while the frame is being drawn can lack the reveal but still hold
	// some of its lines.
	s = tm.waitFor("the reveal to close, saying v opens it again", patient, func(s string) bool {
		return !strings.Contains(s, "The reveal") && strings.Contains(s, "v shows the reveal again") && strings.Contains(s, "v reveal")
	})
	if strings.Contains(s, "space pause") {
		t.Errorf("after the reveal closes the screen offers to pause a game that is over:\n%s", s)
	}
	tm.quit(dir)
}
