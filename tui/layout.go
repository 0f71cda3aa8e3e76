package tui

import "strings"

// minPaneWidth is the narrowest a pane gets side by side; below it the
// panes become tabs.
const minPaneWidth = 36

// column is one pane's horizontal place on screen.
type column struct{ x, w int }

// tabbed reports whether only the focused pane is shown, under tabs.
func (m *model) tabbed() bool {
	n := len(m.panes)
	return n > 1 && n*minPaneWidth+n-1 > m.width
}

// columns places the panes side by side with one-cell separators.
func (m *model) columns() []column {
	n := len(m.panes)
	if m.tabbed() {
		cols := make([]column, n)
		for i := range cols {
			cols[i] = column{0, m.width}
		}
		return cols
	}
	w := (m.width - (n - 1)) / n
	cols := make([]column, n)
	for i := range cols {
		cols[i] = column{i * (w + 1), w}
	}
	cols[n-1].w = m.width - cols[n-1].x
	return cols
}

// paneAt is the pane under column x, or -1.
func (m *model) paneAt(x int) int {
	if m.tabbed() {
		return m.focus
	}
	for i, c := range m.columns() {
		if x >= c.x && x < c.x+c.w {
			return i
		}
	}
	return -1
}

func (m *model) titleHeight() int {
	if m.height >= 30 {
		return 2
	}
	return 1
}

func (m *model) bodyHeight() int {
	return max(m.height-m.titleHeight()-m.footerHeight, 0)
}

// resize hands every pane and the open panel its size.
func (m *model) resize() {
	m.help.SetWidth(m.width)
	m.footerHeight = 1 + strings.Count(m.helpView(), "\n") + 1
	h := m.bodyHeight()
	if m.tabbed() {
		h--
	}
	for i, c := range m.columns() {
		m.panes[i].SetSize(c.w, max(h, 0))
	}
	if m.panel != nil {
		m.panel.SetSize(m.width, m.bodyHeight())
	}
}
