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

// A turn streaming into a pane scrolled away from its end is not wrapped
// until the view reaches it.
func TestStreamOutOfViewIsNotWrapped(t *testing.T) {
	st := ui.NewStyles(true)
	p := New(view.Script, 300, &st)
	p.Show("r", [2]string{"fixture", "fixture"})
	for n := 1; n <= 200; n++ {
		for _, ev := range tuitest.Turn("r", n, "words of an older turn") {
			p.Apply(ev)
		}
	}
	p.Render(80, 30)
	p.ScrollBy(-40)
	base := event.Event{RunID: "r", Turn: 201, Seat: 0, Speaker: "Alice", Backend: "fixture"}
	p.Apply(tuitest.With(base, event.TurnStarted))
	delta := tuitest.With(base, event.Delta)
	for _, w := range strings.Fields("unseenword arrives while the pane looks at older turns") {
		delta.Delta = w + " "
		p.Apply(delta)
		p.Render(80, 30)
	}
	if e := p.current(); e == nil || e.width != 0 {
		t.Error("the streaming turn out of view was wrapped")
	}
	p.ScrollEnd()
	if s := ansi.Strip(strings.Join(p.Render(80, 30), "\n")); !strings.Contains(s, "unseenword arrives") || p.current().width != 80 {
		t.Errorf("back at the end the streamed turn is missing:\n%s", s)
	}
}
