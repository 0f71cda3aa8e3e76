package tui

import (
	"strings"

	"github.com/omnigap/omnigap/tui/pane"
)

// column is one pane's horizontal place on screen.
type column struct{ x, w int }

// fitting is how many panes stand side by side at this width.
func (m *model) fitting() int {
	least := pane.MinWidth
	if m.presenter != nil {
		least = presenterMinPaneWidth
	}
	return min(max((m.panesWidth()+1)/(least+1), 1), len(m.panes))
}

// tabbed reports whether some panes are hidden, so a tab bar names them.
func (m *model) tabbed() bool { return m.fitting() < len(m.panes) }

// shown is the first and one past the last pane on screen: a window of
// the panes that fit, holding the focused one and moving only when the
// focus leaves it.
func (m *model) shown() (first, end int) {
	k := m.fitting()
	first = max(m.focus-k+1, 0)
	return first, first + k
}

// columns places the panes on screen side by side with one-cell
// separators, left of the user's side when it shows; a hidden pane gets
// the width it would have, at x -1.
func (m *model) columns() []column {
	n := len(m.panes)
	first, end := m.shown()
	k := end - first
	width := m.panesWidth()
	w := (width - (k - 1)) / k
	cols := make([]column, n)
	for i := range cols {
		cols[i] = column{-1, w}
		if i >= first && i < end {
			cols[i] = column{(i - first) * (w + 1), w}
		}
	}
	cols[end-1].w = width - cols[end-1].x
	return cols
}

// paneAt is the pane under column x, or -1.
func (m *model) paneAt(x int) int {
	for i, c := range m.columns() {
		if c.x >= 0 && x >= c.x && x < c.x+c.w {
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

// resize hands every layer its size: the footer's height depends on the
// keys of what is on top.
func (m *model) resize() {
	m.help.SetWidth(m.width)
	m.captionPanes()
	m.footerHeight = len(m.legendLines()) + strings.Count(m.helpView(), "\n") + 1
	for _, l := range m.stack.Layers() {
		l.Component.SetSize(m.width, m.bodyHeight())
	}
}

// captionRoom is the least height at which the watch captions its panes
// (what SCRIPT, AGENTS and MINDREADERS are) as the presenter does.
const captionRoom = 30

// captionPanes gives the panes of a watch or a replay their mode's
// one-line caption where the screen has room for it, and takes it away
// where it has not; the presenter's panes keep theirs, and a game played
// has one pane, the user's own.
func (m *model) captionPanes() {
	if m.presenter != nil || m.play != nil {
		return
	}
	for _, p := range m.panes {
		caption := ""
		if m.height >= captionRoom {
			caption = pane.Captions[p.Mode()]
		}
		if p.Caption() != caption {
			p.SetCaption(caption)
		}
	}
}
