package pane

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/ui"
)

// Once a person takes a seat of a SCRIPT run over, the turns say who made
// them: the person's "(human)", and the writer's, before and after, keep
// the writer's name.
func TestTakeOverKeepsTheWritersLabel(t *testing.T) {
	st := ui.NewStyles(true)
	p := New(view.Script, 20, &st)
	p.Show("r", [2]string{"builtin-writer", "builtin-writer"})
	turn := func(n int, backend string) {
		for _, ev := range tuitest.Turn("r", n, "words") {
			ev.Backend = backend
			p.Apply(ev)
		}
	}
	turn(1, "builtin-writer")
	p.Render(80, 20)
	p.Apply(event.Event{Kind: event.Control, RunID: "r", Seat: 1, Speaker: "Bob", Control: "take-over", Backend: "human"})
	turn(2, "human")
	turn(3, "builtin-writer")
	s := ansi.Strip(strings.Join(p.Render(80, 20), "\n"))
	for _, want := range []string{"1 Alice (builtin-writer)", "2 Bob (human)", "3 Alice (builtin-writer)"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q:\n%s", want, s)
		}
	}
}
