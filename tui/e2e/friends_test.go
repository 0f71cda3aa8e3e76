package e2e

import (
	"strings"
	"testing"
)

// In play, the built-in MutualFriends partner answers a question about
// someone by name about that person: Ben Adler of alumni-mixer does not
// know Caleb Ross, and knows Gwen Ito, whom he then selects.
func TestFriendsPartnerAnswersAboutANameInTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "friendname", 120, 40, nil, "play", "mutualfriends/alumni-mixer", "--seat", "0", "--seed", "3", "--pace", "5ms")
	tm.waitFor("my turn", patient, yourTurn(0))
	tm.typeText("Do you know Caleb Ross?")
	tm.keys("Enter")
	s := tm.waitFor("Ben's answer and my turn", patient, yourTurn(2))
	if !strings.Contains(s, "Caleb Ross is not on my list") && !strings.Contains(s, "know anyone called Caleb Ross") {
		t.Fatalf("Ben should answer about Caleb Ross:\n%s", s)
	}
	tm.typeText("Do you know Gwen Ito?")
	tm.keys("Enter")
	s = tm.waitFor("Ben's answer and my turn", patient, yourTurn(4))
	if !strings.Contains(s, "Ben Adler · select Gwen Ito") {
		t.Fatalf("Ben should select Gwen Ito, whom he knows:\n%s", s)
	}
	tm.esc()
	tm.quit(dir)
}
