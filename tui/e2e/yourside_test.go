package e2e

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
)

// sideText is what the screen shows right of the last separator of each
// line, joined by single spaces: the side column's text with its wrapped
// lines rejoined, when one pane shows beside it.
func sideText(s string) string {
	var parts []string
	for l := range strings.SplitSeq(s, "\n") {
		if i := strings.LastIndex(l, "│"); i >= 0 {
			parts = append(parts, l[i+len("│"):])
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// leaveInput presses esc and waits until the app has it: the footer
// shows the app's keys again (at 80 columns beside the side, the input's
// own hint that esc waits for does not fit on its rule).
func (tm term) leaveInput() {
	tm.t.Helper()
	tm.keys("Escape")
	tm.waitFor("the input to let go of the keyboard", patient, func(s string) bool {
		return strings.Contains(s, "enter type •") && strings.Contains(s, "q quit")
	})
}

// At 80x24, the first screen of play as the buyer shows the buyer's
// target and limit beside the dialogue, and a refused /accept empties the
// input, so the next move is not appended to it.
func TestPlayShowsYourSideAt80x24InTmux(t *testing.T) {
	t.Parallel()
	tm, dir := launchSized(t, "sidebuyer", 80, 24, nil, "play", "--as", "buyer", "--seed", "1", "--pace", "20ms")
	s := tm.waitFor("the first screen with the buyer's side", patient, func(s string) bool {
		return strings.Contains(s, "You: Luis Herrera") && strings.Contains(s, "Luis Herrera ›")
	})
	side := sideText(s)
	for _, want := range []string{"Luis's target price is $480.", "The most Luis will pay is $580.", "How it ends", "A formal offer (/offer) ends", "The listing price is $650."} {
		if !strings.Contains(side, want) {
			t.Errorf("the first screen should show %q beside the dialogue:\n%s", want, s)
		}
	}
	for _, secret := range []string{"$520", "$620"} {
		if strings.Contains(s, secret) {
			t.Errorf("the seller's %s is on the buyer's screen:\n%s", secret, s)
		}
	}

	tm.waitFor("my turn", patient, yourTurn(1))
	tm.typeText("/accept")
	tm.keys("Enter")
	s = tm.waitFor("the refusal", patient, func(s string) bool { return strings.Contains(s, "✗ “/accept”: there is no formal offer") })
	if !strings.Contains(s, "Luis Herrera › type what Luis says") {
		t.Fatalf("a refused move should leave the input empty:\n%s", s)
	}
	tm.typeText("/offer 560")
	s = tm.waitFor("the next move typed", patient, func(s string) bool { return strings.Contains(s, "Luis Herrera › /offer 560") })
	if strings.Contains(s, "/accept/offer") {
		t.Fatalf("the next move was appended to the refused one:\n%s", s)
	}
	tm.leaveInput()
	tm.quit(dir)
}

// At 80x24, the first screen of play in seat 0 of a MutualFriends
// scenario shows the seat's whole friend list, and none of the partner's.
func TestPlayShowsYourFriendsAt80x24InTmux(t *testing.T) {
	t.Parallel()
	sc, err := library.Resolve("mutualfriends/alumni-mixer", 1)
	if err != nil {
		t.Fatal(err)
	}
	mine := mutualfriends.FriendsOf(view.For(sc, view.Agents, 0).Self())
	theirs := mutualfriends.FriendsOf(view.For(sc, view.Agents, 1).Self())
	if len(mine) == 0 || len(theirs) == 0 {
		t.Fatal("the scenario's seats hold no friend lists")
	}
	tm, dir := launchSized(t, "sidefriends", 80, 24, nil, "play", "mutualfriends/alumni-mixer", "--seat", "0", "--seed", "1")
	s := tm.waitFor("the first screen with the friend list", patient, func(s string) bool {
		return strings.Contains(s, "You: Ana Costa") && strings.Contains(s, "Ana Costa ›")
	})
	side := sideText(s)
	names := map[string]bool{}
	for _, f := range mine {
		names[f.Name] = true
		if !strings.Contains(side, f.Name) {
			t.Errorf("the first screen should list %s beside the dialogue:\n%s", f.Name, s)
		}
	}
	for _, f := range theirs {
		if !names[f.Name] && strings.Contains(s, f.Name) {
			t.Errorf("%s, a friend of the partner only, is on screen:\n%s", f.Name, s)
		}
	}
	tm.leaveInput()
	tm.quit(dir)
}
