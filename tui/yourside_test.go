package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// ctrlO is the side key as the terminal sends it.
var ctrlO = tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}

// sideColumn is what the screen shows right of the last separator of
// each line, its lines joined by single spaces: the side column's text
// with its wrapped lines rejoined, when one pane shows beside it.
func sideColumn(s string) string {
	var parts []string
	for l := range strings.SplitSeq(s, "\n") {
		if i := strings.LastIndex(l, "│"); i >= 0 {
			parts = append(parts, l[i+len("│"):])
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// In play at 80x24 the buyer's own side stands beside the dialogue from
// the first screen: exactly the seat's AGENTS View (its facts and goal,
// none of the seller's), with a dialogue still wide enough to read; the
// side key hides it and shows it again, even while the user types.
func TestYourSideShowsTheSeatsOwnViewBesideTheDialogue(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	own := view.For(sc, view.Agents, craigslist.BuyerSeat).Self()
	var partnerFacts []scenario.Fact
	for _, f := range leak.Facts(sc) {
		if f.Owner == craigslist.SellerSeat {
			partnerFacts = append(partnerFacts, f)
		}
	}
	_, tm := playBuyer(t, sc, scriptedBackend{name: "fixture", lines: []string{"Hello, the bike is still here."}}, 80, 24)
	s := waitScreen(t, tm, "You: Luis Herrera", "Luis Herrera › ")
	side := sideColumn(s)
	if len(own.Facts) == 0 {
		t.Fatal("the buyer's View holds no private fact to show")
	}
	for _, want := range append([]string{"buyer · seat 1", own.Goal}, factTexts(own.Facts)...) {
		if !strings.Contains(side, want) {
			t.Errorf("the side should show %q; it shows %q", want, side)
		}
	}
	if found := match.Compile(partnerFacts).Find(s); len(found) > 0 {
		t.Fatalf("a private fact of the seller is on screen (%+v):\n%s", found, s)
	}
	for l := range strings.SplitSeq(s, "\n") {
		if i := strings.Index(l, "│"); strings.Contains(l, "You: Luis") && ansi.StringWidth(l[:max(i, 0)]) < 45 {
			t.Fatalf("the dialogue is left %d columns of 80:\n%s", ansi.StringWidth(l[:max(i, 0)]), s)
		}
	}

	tm.Send(ctrlO)
	s = waitScreen(t, tm, "your side hidden: ctrl+o shows it again")
	if strings.Contains(s, "Only you know") || strings.Contains(s, "│") {
		t.Fatalf("ctrl+o should hide the side:\n%s", s)
	}
	tm.Send(press("esc"))
	tm.Send(ctrlO)
	waitScreen(t, tm, "Only you know", "ctrl+o hide side")
}

func factTexts(fs []scenario.Fact) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Text)
	}
	return out
}
