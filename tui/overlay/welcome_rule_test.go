package overlay

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/tui/ui"
)

// A served Craigslist game's welcome says, before the game, that a
// formal offer's answer ends it.
func TestWelcomeSaysHowTheGameEnds(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	st, keys := ui.NewStyles(true), ui.NewKeyMap(nil)
	w := NewWelcome(ui.Common{Keys: &keys, Styles: &st}, sc, 1, "", func() tea.Cmd { return nil })
	w.SetSize(80, 24)
	text := strings.Join(strings.Fields(ansi.Strip(strings.Join(w.Render(80, 24), "\n"))), " ")
	if !strings.Contains(text, "A formal offer (/offer) ends the game once answered: accepted, a deal; rejected, no deal.") {
		t.Errorf("the welcome does not say how the game ends:\n%s", text)
	}
}
