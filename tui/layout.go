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
	least := minPaneWidth
	if m.demo != nil {
		least = presenterMinPaneWidth
	}
	return n > 1 && n*least+n-1 > m.width
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
	if m.overlay == revealOverlay {
		lw, rw := m.revealWidths()
		m.panel.SetSize(lw, m.bodyHeight())
		m.compare.SetSize(rw, m.bodyHeight())
	} else if m.panel != nil {
		m.panel.SetSize(m.width, m.bodyHeight())
	}
}

// revealWidths are the widths of the reveal panel and of the SCRIPT pane
// beside it; on a narrow screen one of them takes the whole width and
// the other is 0.
func (m *model) revealWidths() (int, int) {
	if m.width >= 2*minPaneWidth+1 {
		lw := (m.width - 1) / 2
		return lw, m.width - 1 - lw
	}
	if m.revealSide == 1 {
		return 0, m.width
	}
	return m.width, 0
}

// revealBlocks draws the reveal panel and the SCRIPT pane, side by side
// or, on a narrow screen, the one tab selects.
func (m *model) revealBlocks(h int) [][]string {
	lw, rw := m.revealWidths()
	var blocks [][]string
	if lw > 0 {
		blocks = append(blocks, m.panel.Render(lw, h, &m.st))
	}
	if rw > 0 {
		blocks = append(blocks, m.compare.Render(rw, h))
	}
	return blocks
}
