package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/library"
)

// hostileBytes adds to hostile what a model's bytes may also hold: a
// hyperlink, invalid UTF-8 and a NUL.
const hostileBytes = hostile + " \x1b]8;;http://evil.example\x07link\x1b]8;;\x07 bad\xff\xfebytes nul\x00end"

// TestHostileTextInPlayNeverReachesTheTerminalRaw plays the buyer of a
// scenario whose every text field is hostile against a partner whose
// replies are (one of them a 1 MB line), and opens what the game shows:
// the seat's facts, the help, the reveal. No escape sequence, bidi override, NUL or invalid byte
// of the text reaches a screen or the terminal, and nothing crashes.
func TestHostileTextInPlayNeverReachesTheTerminalRaw(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	sc.Title += hostileBytes
	sc.Setting += hostileBytes
	l := craigslist.ListingOf(sc)
	l.Item += hostileBytes
	l.Description = hostileBytes + " " + l.Description
	for i := range sc.Seats {
		sc.Seats[i].Character.Name += "\x1b]0;owned\x07\u202e\xff"
		sc.Seats[i].Character.Public += hostileBytes
		sc.Seats[i].Character.Goal += hostileBytes
	}
	long := strings.Repeat("long ", 200_000) + hostileBytes
	_, tm := playBuyer(t, sc, scriptedBackend{name: "evil\x1b[2J\xff", lines: []string{"Hello. " + hostileBytes, "(the player)", long}}, 160, 45)
	var screens []string
	look := func(want ...string) {
		t.Helper()
		screens = append(screens, waitScreen(t, tm, want...))
		screens = append(screens, screen(t, tm))
	}
	look("AABB", "── your turn")
	typeText(tm, "is it still for sale?")
	tm.Send(press("enter"))
	look("long long", "── your turn")
	tm.Send(press("esc"))
	tm.Send(press("i"))
	look("What you know")
	tm.Send(press("esc"))
	tm.Send(press("?"))
	look("reveal")
	tm.Send(press("?"))
	tm.Send(press("enter"))
	typeText(tm, "/leave")
	tm.Send(press("enter"))
	look("The reveal", "What your turns gave away")
	tm.Send(press("esc"))
	look("ended")
	out := readAll(t, tm)
	finalModel(t, tm)

	for i, s := range screens {
		for _, bad := range []string{"\x1b]", "\x1b[2J", "\u202e", "\u202c", "\u009b", "\a", "\x00", "\xff", "\xfe"} {
			if strings.Contains(s, bad) {
				t.Errorf("screen %d contains %q", i, bad)
			}
		}
		if strings.ContainsFunc(ansi.Strip(s), func(r rune) bool { return r < 0x20 && r != '\n' }) {
			t.Errorf("screen %d keeps a control character after its styles are stripped", i)
		}
	}
	for _, bad := range []string{"\x1b]52", "\x1b]8;;http", "owned", "\u202e", "AA\x1b[2J", "\x00", "\xff"} {
		if strings.Contains(out, bad) {
			t.Errorf("terminal output contains %q", bad)
		}
	}
	for _, want := range []string{"AABB", "long long", "bad\ufffd\ufffdbytes"} {
		if !strings.Contains(ansi.Strip(strings.Join(screens, "\n")), want) {
			t.Errorf("the cleaned text %q should be on a screen", want)
		}
	}
}
