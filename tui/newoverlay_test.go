package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// tally is an overlay written in this file only, as a new overlay's file
// in tui/overlay would be (the recipe in docs/ARCHITECTURE.md): each
// pane's turns so far, kept up to date while the runs go on. Nothing
// outside this file knows it but its row in overlays, which the test adds
// as the registration line would.
type tally struct {
	*panel.Panel
	panes []*pane.Pane
}

func newTally(c ui.Common, panes []*pane.Pane) *tally {
	t := &tally{panes: panes}
	t.Panel = panel.New(c, "Turns so far", t.lines)
	return t
}

func (t *tally) lines(w int) []string {
	var out []string
	for _, p := range t.panes {
		out = append(out, ui.Fit(fmt.Sprintf("%s: %d turns", p.Label(), p.Completed()), w))
	}
	return out
}

// Update builds the lines again when a run moves on; the panel scrolls
// with the wheel and restyles.
func (t *tally) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(ui.RunMsg); ok {
		t.Refresh()
	}
	return t.Panel.Update(msg)
}

// tallyOverlay is the tally's registration: its row in overlays.
var tallyOverlay = overlayPanel{"tally", ui.Key("o", "turns so far", "o"), func(m *model) (ui.Component, string) {
	for _, p := range m.panes {
		if p.Completed() > 0 {
			return newTally(m.common(), m.panes), ""
		}
	}
	return nil, "no turns yet: the tally opens after the first one"
}}

// TestANewOverlayIsOneFileAndOneRow: an overlay registered with one row
// gets its key, its line in `?`, its place on the stack (drawn over the
// panes, keys and run news routed to it, esc and its key close it,
// another overlay replaces it) and its refusal notice, with no other
// change to the app.
func TestANewOverlayIsOneFileAndOneRow(t *testing.T) {
	saved := overlays
	overlays = append(slices.Clone(overlays), tallyOverlay)
	t.Cleanup(func() { overlays = saved })

	m := syntheticModel(t, view.Modes, 80, 24)
	shows := func(want string) bool { return strings.Contains(ansi.Strip(m.render()), want) }
	m.Update(press("o"))
	if m.stack.Body().Overlay == "tally" || !shows("no turns yet") {
		t.Fatalf("o before any turn should say why the tally does not open:\n%s", ansi.Strip(m.render()))
	}

	feedTurns(m, 3)
	m.Update(press("o"))
	if m.stack.Body().Overlay != "tally" || !shows("Turns so far") || !shows("AGENTS: 3 turns") {
		t.Fatalf("o should open the tally over the panes:\n%s", ansi.Strip(m.render()))
	}
	checkScreen(t, m.render(), 80, 24)
	for _, p := range m.panes {
		m.Update(runBatch(p.RunID(), tuitest.Turn(p.RunID(), 4, "one more turn.")))
	}
	if !shows("AGENTS: 4 turns") {
		t.Errorf("the tally should follow the runs:\n%s", ansi.Strip(m.render()))
	}

	m.Update(press("?"))
	if !regexp.MustCompile(`o +turns so far`).MatchString(ansi.Strip(m.render())) {
		t.Errorf("? should list the tally's key:\n%s", ansi.Strip(m.render()))
	}
	m.Update(press("?"))

	m.Update(press("esc"))
	if m.stack.Body().Overlay != "" {
		t.Fatal("esc should close the tally")
	}
	m.Update(press("o"))
	m.Update(press("o"))
	if m.stack.Body().Overlay != "" {
		t.Fatal("its key should close the tally again")
	}
	m.Update(press("o"))
	m.Update(press("i"))
	open := 0
	for _, l := range m.stack.Layers() {
		if l.Overlay != "" {
			open++
		}
	}
	if m.stack.Body().Overlay != "info" || open != 1 {
		t.Errorf("i over the tally should replace it: %d overlays open, %q on top", open, m.stack.Body().Overlay)
	}
}
