package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/scenario"
)

// chooser asks, at the bottom of a pane, which seat the user takes over.
type chooser struct {
	labels [2]string // "Dana Okafor (seller)"
	cursor int
}

func newChooser(sc *scenario.Scenario) *chooser {
	c := &chooser{}
	for seat := range 2 {
		c.labels[seat] = fmt.Sprintf("%s (%s)", oneLine(sc.Seats[seat].Character.Name), oneLine(sc.Seats[seat].Role))
	}
	return c
}

// key handles one key press. It returns the chosen seat, or -1; done is
// set when the chooser closes (chosen or cancelled), handled when the key
// was the chooser's.
func (c *chooser) key(msg tea.KeyPressMsg, k keyMap) (seat int, done, handled bool) {
	switch {
	case msg.String() == "0" || msg.String() == "1":
		return int(msg.String()[0] - '0'), true, true
	case key.Matches(msg, k.Navigation.Up, k.Panes.Prev):
		c.cursor = 0
	case key.Matches(msg, k.Navigation.Down, k.Panes.Next):
		c.cursor = 1
	case key.Matches(msg, k.Tools.Type):
		return c.cursor, true, true
	case key.Matches(msg, k.Panes.Close):
		return -1, true, true
	default:
		return -1, true, false
	}
	return -1, false, true
}

// Render returns the chooser's lines, each exactly width cells.
func (c *chooser) Render(width int, st *styles) []string {
	out := []string{dockRule(st.title.Render(" take over which seat? "), "0/1 or ↑↓ enter · esc cancels", width, st)}
	for seat, l := range c.labels {
		mark := "  "
		if seat == c.cursor {
			mark = st.title.Render("› ")
		}
		out = append(out, fit(mark+st.dim.Render(fmt.Sprintf("%d ", seat))+st.seat[seat].Render(l), width))
	}
	return out
}
