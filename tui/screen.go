package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// paneScreen is the panes side by side, under a tab bar naming them all
// when not all fit, and beside them the side of the seat the user plays:
// the body under every panel, and the keys that move through the focused
// pane's episode.
type paneScreen struct{ m *model }

func (s *paneScreen) Bindings() []ui.Binding {
	m := s.m
	n := m.keys.Navigation
	page := func(p *pane.Pane) int { return max(p.BodyHeight()-1, 1) }
	return []ui.Binding{
		{Key: n.Up, Do: do(func() { m.scroll(func(p *pane.Pane) { p.ScrollBy(-1) }) })},
		{Key: n.Down, Do: do(func() { m.scroll(func(p *pane.Pane) { p.ScrollBy(1) }) })},
		{Key: n.PageUp, Do: do(func() { m.scroll(func(p *pane.Pane) { p.ScrollBy(-page(p)) }) })},
		{Key: n.PageDown, Do: do(func() { m.scroll(func(p *pane.Pane) { p.ScrollBy(page(p)) }) })},
		{Key: n.Home, Do: do(func() { m.scroll((*pane.Pane).ScrollHome) })},
		{Key: n.End, Do: do(func() {
			m.toEnd()
			m.scroll((*pane.Pane).ScrollEnd)
		})},
		{Key: n.GoTo, Do: do(m.askTurn)},
		{Key: n.Search, Do: do(m.askSearch)},
		{Key: n.PrevTurn, Do: do(func() { m.stepTurn(-1) }), Disabled: m.noTurnYet},
		{Key: n.NextTurn, Do: do(func() { m.stepTurn(+1) }), Disabled: m.noTurnYet},
		{Key: n.PrevNote, Do: do(func() { m.stepNote(-1) }), Disabled: m.notesHidden},
		{Key: n.NextNote, Do: do(func() { m.stepNote(+1) }), Disabled: m.notesHidden},
		{Key: m.keys.Playback.Fork, Do: do(m.openFork), Disabled: m.cannotFork},
		{Key: m.keys.Tools.TakeOver, Do: do(m.openChooser), Disabled: m.cannotTakeOver},
		{Key: m.keys.Tools.Side, Do: do(m.toggleSide), Disabled: m.cannotToggleSide},
		{Key: m.keys.Tools.Type, Do: do(func() { m.startTyping(m.panes[m.focus]) }), Disabled: m.cannotType},
		{Key: m.keys.Panes.Close, Do: do(func() {
			if p := m.panes[m.focus]; p.Player() != nil && !p.Player().Fixed {
				m.handBack(p)
			}
		})},
	}
}

// Update focuses the pane clicked or scrolled with the wheel.
func (s *paneScreen) Update(msg tea.Msg) tea.Cmd {
	m := s.m
	switch msg := msg.(type) {
	case tea.MouseClickMsg:
		if i := m.paneAt(msg.Mouse().X); i >= 0 && msg.Mouse().Button == tea.MouseLeft {
			m.setFocus(i)
		}
	case tea.MouseWheelMsg:
		d := ui.WheelLines
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			d = -d
		case tea.MouseWheelDown:
		default:
			return nil
		}
		if i := m.paneAt(msg.Mouse().X); i >= 0 && i != m.focus {
			m.setFocus(i)
		}
		m.scroll(func(p *pane.Pane) { p.ScrollBy(d) })
	}
	return nil
}

// SetSize places the panes in columns.
func (s *paneScreen) SetSize(_, h int) {
	m := s.m
	if m.tabbed() {
		h--
	}
	for i, c := range m.columns() {
		m.panes[i].SetSize(c.w, max(h, 0))
	}
}

// ShortHelp leaves the footer to the app.
func (s *paneScreen) ShortHelp() []key.Binding { return nil }

// Render draws the shown panes side by side, under the tab bar when some
// are hidden. The app draws the same piece by piece (addBody), so a line
// of a pane that did not change is the very string of the last frame.
func (s *paneScreen) Render(width, height int) []string {
	tabs, blocks := s.columns(height)
	out := make([]string, 0, height)
	if tabs != "" {
		out = append(out, tabs)
	}
	sep := s.m.styles.Sep.Render("│")
	for y := range blocks[0] {
		var b strings.Builder
		for i := range blocks {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(blocks[i][y])
		}
		out = append(out, b.String())
	}
	return out
}

// columns are the tab bar ("" when every pane shows) and the lines of
// each pane shown, then of the user's side when it shows, in h lines in
// all.
func (s *paneScreen) columns(h int) (string, [][]string) {
	m := s.m
	cols := m.columns()
	first, end := m.shown()
	rows, tabs := h, ""
	if m.tabbed() {
		rows--
		tabs = m.tabBar()
	}
	blocks := make([][]string, 0, end-first)
	for i := first; i < end; i++ {
		blocks = append(blocks, m.panes[i].Render(cols[i].w, rows))
	}
	if yours, w := m.sideShown(); yours != nil {
		blocks = append(blocks, yours.Render(w, rows))
	}
	return tabs, blocks
}

// tabBar names every pane with its status; the focused one stands out,
// the others on screen are plain, the hidden ones dim.
func (m *model) tabBar() string {
	var b strings.Builder
	first, end := m.shown()
	for i, p := range m.panes {
		label := fmt.Sprintf("%s%s %s ", pane.FocusSign(i == m.focus), p.Label(), p.Status())
		switch {
		case i == m.focus:
			b.WriteString(m.styles.TabActive.Render(label))
		case i >= first && i < end:
			b.WriteString(m.styles.TabShown.Render(label))
		default:
			b.WriteString(m.styles.Tab.Render(label))
		}
		b.WriteByte(' ')
	}
	return ui.Fit(b.String(), m.width)
}

// cannotType says why enter has no move to type in the focused pane: no
// seat of the user's is there.
func (m *model) cannotType() string {
	p := m.panes[m.focus]
	switch {
	case p.Player() != nil:
		return ""
	case p.Replaying():
		return "enter types for a seat you play: f forks this replay to play one"
	case m.cannotTakeOver() != "":
		return m.cannotTakeOver()
	}
	return "enter types for a seat you play: t takes one over"
}
