package tui

import (
	"charm.land/bubbles/v2/key"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/side"
	"github.com/omnigap/omnigap/tui/ui"
)

// yourSide is the column beside the panes that shows the user the seat
// they play (tui/side): in play from the first screen, in watch once a
// seat is taken over. The key hides it and shows it again.
type yourSide struct {
	hidden bool
	// drawn is the side last made, for the scenario and seat it shows.
	drawn *side.Side
	sc    *scenario.Scenario
}

// sideSeat is the seat the column shows: the one the user plays in the
// focused pane, else in the first pane where they play one, else in play
// the seat played (before the game starts and after it ends); -1 for
// none.
func (m *model) sideSeat() int {
	if pl := m.panes[m.focus].Player(); pl != nil {
		return pl.Seat
	}
	for _, p := range m.panes {
		if pl := p.Player(); pl != nil {
			return pl.Seat
		}
	}
	if m.play != nil {
		return m.play.Seat
	}
	return -1
}

// sideShown is the column to draw and its width, or nil when it is
// hidden, there is no seat to show or the screen is too narrow.
func (m *model) sideShown() (*side.Side, int) {
	seat := m.sideSeat()
	if seat < 0 || m.yours.hidden {
		return nil, 0
	}
	if !m.sideFits() {
		return nil, 0
	}
	w := side.Width(m.width, pane.MinWidth)
	y := &m.yours
	if y.drawn == nil || y.sc != m.scenario || y.drawn.Seat() != seat {
		// The seat's own AGENTS View: what an agent in the seat is given,
		// never the partner's private side.
		y.drawn, y.sc = side.New(m.common(), view.For(m.scenario, view.Agents, seat)), m.scenario
	}
	return y.drawn, w
}

// panesWidth is the width the panes share: the screen, less the column
// of the user's side when it shows.
func (m *model) panesWidth() int {
	if _, w := m.sideShown(); w > 0 {
		return m.width - w - 1
	}
	return m.width
}

// toggleSide hides the column or shows it again.
func (m *model) toggleSide() {
	if !m.sideFits() {
		m.notice = "too narrow for your side beside the dialogue: i shows it"
		return
	}
	y := &m.yours
	y.hidden = !y.hidden
	if y.hidden {
		m.notice = "your side hidden: " + m.keys.Tools.Side.Help().Key + " shows it again, i shows all you know"
	}
}

// sideFits reports whether the screen is wide enough for the column.
func (m *model) sideFits() bool { return side.Width(m.width, pane.MinWidth) > 0 }

// cannotToggleSide says why the side key does nothing.
func (m *model) cannotToggleSide() string {
	if m.sideSeat() < 0 {
		return "your side shows beside the dialogue when you play a seat: t takes one over"
	}
	return ""
}

// sideKey is the side key as it acts now, for the key line: hide or
// show, or left out when the screen is too narrow for the column.
func (m *model) sideKey() key.Binding {
	k := m.keys.Tools.Side
	switch {
	case !m.sideFits():
		k.SetEnabled(false)
	case m.yours.hidden:
		k = ui.Relabel(k, "show side")
	default:
		k = ui.Relabel(k, "hide side")
	}
	return k
}
