package input

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/tui/ui"

	_ "github.com/omnigap/omnigap/engine/family/all"
)

// The move list after /help wraps in a narrow box: every word of every
// move's line is on screen, and no line is wider than the box.
func TestTheMoveListWrapsRatherThanBeingCut(t *testing.T) {
	st := ui.NewStyles(true)
	for _, f := range []scenario.Family{scenario.Craigslist, scenario.DealOrNoDeal, scenario.MutualFriends} {
		in := New(1, "Luis Herrera")
		help := human.Help(f)
		in.ShowHelp(help)
		const width = 40
		lines := in.Render(width, &st, "your turn", "", true)
		var shown strings.Builder
		for _, l := range lines {
			plain := ansi.Strip(l)
			if w := ansi.StringWidth(plain); w != width {
				t.Errorf("%s: a line %d cells wide in a box of %d: %q", f, w, width, plain)
			}
			shown.WriteString(plain + " ")
		}
		for _, word := range strings.Fields(help) {
			if !strings.Contains(shown.String(), word) {
				t.Errorf("%s: %q of the move list is not on screen:\n%s", f, word, strings.Join(lines, "\n"))
			}
		}
	}
}
