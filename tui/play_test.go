package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
)

func TestPlayShowsNoPartnerFactBeforeTheEnd(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	var partnerFacts []scenario.Fact
	for _, f := range leak.Facts(sc) {
		if f.Owner == craigslist.SellerSeat {
			partnerFacts = append(partnerFacts, f)
		}
	}
	secret := match.Compile(partnerFacts)
	m, tm := playBuyer(t, sc, scriptedBackend{name: "fixture", lines: []string{"Hello, the bike is still here.", "Happy to chat.", "Take a look at the frame."}}, 160, 45)
	var screens []string
	look := func(want ...string) {
		t.Helper()
		screens = append(screens, waitScreen(t, tm, want...))
	}
	look("Luis Herrera › ", "── your turn", "waiting for human", "annotations shown at the end")
	typeText(tm, "Is it really worth the money? I can pay 480.")
	tm.Send(press("enter"))
	look("I can pay 480.", "Take a look at the frame.", "── your turn")
	tm.Send(press("esc"))
	tm.Send(press("i"))
	look("What you know · Luis Herrera", "Luis's target price is $480.", "The most Luis will pay is $580.", "/offer PRICE")
	tm.Send(press("esc"))
	tm.Send(press("p"))
	look("What you know · Luis Herrera")
	tm.Send(press("esc"))
	tm.Send(press("?"))
	look("go to turn", "reveal")
	tm.Send(press("?"))
	tm.Send(press("v"))
	look("the reveal comes when the game ends")
	for _, s := range screens {
		if found := secret.Find(s); len(found) > 0 {
			t.Fatalf("a private fact of the seller is on the play screen before the end (%+v):\n%s", found, s)
		}
	}
	// The own disclosure of $480 is not highlighted while playing.
	if raw := screen(t, tm); strings.Contains(raw, m.styles.Highlight[event.Disclosure].Render("480")) {
		t.Error("annotations should be hidden until the end")
	}

	tm.Send(press("enter"))
	typeText(tm, "/leave")
	tm.Send(press("enter"))
	s := waitScreen(t, tm, "The reveal", "Luis Herrera left", "Dana Okafor (seller) was told", "Dana's target price is $620.",
		"What your turns gave away", "turn 2 · you told your own · Luis's target price is $480. · “480”", "Your score: goal completion",
		" SCRIPT ", "The SCRIPT run, same scenario and seed")
	if len(secret.Find(s)) == 0 {
		t.Error("the reveal should show the seller's private facts")
	}
	s = waitScreen(t, tm, "goal completion", "score there: goal completion")
	lines := strings.Split(s, "\n")
	if !strings.Contains(lines[2], "The reveal") || !strings.Contains(lines[2], " SCRIPT ") {
		t.Errorf("the reveal and the SCRIPT run should be side by side:\n%s", s)
	}
	tm.Send(press("esc"))
	waitScreen(t, tm, "disclosure 1", "ended")
	if raw := screen(t, tm); !strings.Contains(raw, m.styles.Highlight[event.Disclosure].Render("480")) {
		t.Errorf("after the end the disclosure should be highlighted:\n%s", ansi.Strip(raw))
	}
	finalModel(t, tm)
}

// Pasted text lands in the open input, its line breaks and escape
// sequences left out, and is sent as typed text is; with the input
// closed a paste does nothing.
func TestPasteTypesIntoTheInput(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	_, tm := playBuyer(t, sc, scriptedBackend{name: "fixture", lines: []string{"Hello, the bike is still here."}}, 120, 30)
	waitScreen(t, tm, "Luis Herrera › ", "── your turn", "waiting for human")
	tm.Send(tea.PasteMsg{Content: "Would you take\n$500 \x1b]52;c;b3duZWQ=\x07for it?"})
	waitScreen(t, tm, "Luis Herrera › Would you take")
	tm.Send(press("enter"))
	s := waitScreen(t, tm, "3 Dana Okafor")
	if !strings.Contains(s, "Would you take $500 for it?") || strings.Contains(s, "b3duZWQ") || strings.Contains(s, "\x1b]52") {
		t.Fatalf("the pasted move was not sent clean:\n%s", s)
	}
	tm.Send(press("esc"))
	waitScreen(t, tm, "enter types")
	tm.Send(tea.PasteMsg{Content: "q"})
	tm.Send(press("enter"))
	waitScreen(t, tm, "Luis Herrera › ")
	if s := screen(t, tm); strings.Contains(s, "Luis Herrera › q") {
		t.Fatalf("a paste with the input closed was typed:\n%s", s)
	}
}
