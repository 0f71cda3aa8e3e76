package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// doc is a full-screen, scrollable text panel (the info panel and the
// prompt audit). Its lines are built for one width and cached.
type doc struct {
	title  string
	hint   string // key hints beside the title; empty for the usual ones
	build  func(width int) []string
	width  int
	height int
	lines  []string
	top    int
}

// SetSize sets the panel's size, title and rule included.
func (d *doc) SetSize(w, h int) {
	if w != d.width {
		d.lines = d.build(w)
	}
	d.width, d.height = w, h
	d.scrollBy(0)
}

// refresh builds the lines again at the next Render, keeping the scroll
// position, for a panel whose content changed.
func (d *doc) refresh() { d.width = 0 }

func (d *doc) bodyHeight() int { return max(d.height-2, 0) }

func (d *doc) scrollBy(n int) {
	d.top = min(max(d.top+n, 0), max(len(d.lines)-d.bodyHeight(), 0))
}

// Render returns exactly height lines of exactly width cells.
func (d *doc) Render(width, height int, st *styles) []string {
	d.SetSize(width, height)
	hint := d.hint
	if hint == "" {
		hint = " esc closes · ↑↓ pgup pgdn scroll"
	}
	// A long title gives way to the hint at a word boundary.
	title := cutAtWord(d.title, max(width-ansi.StringWidth(hint)-1, 1))
	out := []string{spread(st.title.Render(title), st.dim.Render(hint), width), st.sep.Render(strings.Repeat("─", width))}
	for i := d.top; i < len(d.lines) && len(out) < height; i++ {
		out = append(out, fit(d.lines[i], width))
	}
	for len(out) < height {
		out = append(out, strings.Repeat(" ", width))
	}
	return out[:height]
}

// para wraps untrusted text to width after an indent, keeping its line
// breaks, and styles each line.
func para(text string, width, indent int, style lipgloss.Style) []string {
	pad := strings.Repeat(" ", indent)
	var out []string
	for _, l := range strings.Split(ansi.Wrap(textsafe.Clean(strings.TrimRight(text, "\n")), max(width-indent, 1), ""), "\n") {
		out = append(out, pad+style.Render(l))
	}
	return out
}
