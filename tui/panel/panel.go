// Package panel is a full-screen, scrollable text panel under a title
// line: the info panel, the prompt audit, the card, the reveal's side.
package panel

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/tui/ui"
)

// Panel shows lines built for its width, scrolled by a viewport; the lines
// are built again only when the width changes or Refresh asks.
type Panel struct {
	ui.Common
	Title string
	// Hint is the key hints beside the title; empty for the usual ones.
	Hint  string
	build func(width int) []string
	view  viewport.Model
	// width is the width the lines were built for, 0 for none.
	width, height int
}

// New is a panel titled title whose lines build makes for a width.
func New(c ui.Common, title string, build func(width int) []string) *Panel {
	return &Panel{Common: c, Title: title, build: build, view: viewport.New()}
}

// SetBuild replaces what the panel shows; the scroll position stays.
func (p *Panel) SetBuild(build func(width int) []string) {
	p.build = build
	p.Refresh()
}

// Refresh builds the lines again at the next Render, keeping the scroll
// position, for a panel whose content changed.
func (p *Panel) Refresh() { p.width = 0 }

// SetSize sets the panel's size, title and rule included.
func (p *Panel) SetSize(w, h int) {
	p.view.SetWidth(w)
	p.view.SetHeight(max(h-2, 0))
	if w != p.width {
		lines := p.build(w)
		for i, l := range lines {
			// Fitted, no line wraps or widens the viewport.
			lines[i] = ui.Fit(l, w)
		}
		p.view.SetContentLines(lines)
	}
	p.width, p.height = w, h
	p.view.SetYOffset(p.view.YOffset())
}

// BodyHeight is the number of lines of text on screen.
func (p *Panel) BodyHeight() int { return max(p.height-2, 0) }

// ScrollBy moves the text by n lines.
func (p *Panel) ScrollBy(n int) { p.view.SetYOffset(p.view.YOffset() + n) }

// ScrollTo shows line n first.
func (p *Panel) ScrollTo(n int) { p.view.SetYOffset(n) }

// Top is the first line shown.
func (p *Panel) Top() int { return p.view.YOffset() }

// Render returns exactly height lines of exactly width cells.
func (p *Panel) Render(width, height int) []string {
	p.SetSize(width, height)
	st := p.Styles
	hint := p.Hint
	if hint == "" {
		hint = " esc closes · ↑↓ pgup pgdn scroll"
	}
	// A long title gives way to the hint at a word boundary.
	title := ui.CutAtWord(p.Title, max(width-ansi.StringWidth(hint)-1, 1))
	out := []string{ui.Spread(st.Title.Render(title), st.Dim.Render(hint), width), st.Sep.Render(strings.Repeat("─", width))}
	if body := p.BodyHeight(); body > 0 && width > 0 {
		out = append(out, strings.Split(p.view.View(), "\n")...)
	}
	for len(out) < height {
		out = append(out, ui.Blank(width))
	}
	return out[:height]
}

// Bindings scroll the text and close the panel.
func (p *Panel) Bindings() []ui.Binding {
	n := p.Keys.Navigation
	page := func() int { return max(p.BodyHeight()-1, 1) }
	scroll := func(lines func() int) func(tea.KeyPressMsg) tea.Cmd {
		return func(tea.KeyPressMsg) tea.Cmd { p.ScrollBy(lines()); return nil }
	}
	return []ui.Binding{
		{Key: n.Up, Do: scroll(func() int { return -1 })},
		{Key: n.Down, Do: scroll(func() int { return 1 })},
		{Key: n.PageUp, Do: scroll(func() int { return -page() })},
		{Key: n.PageDown, Do: scroll(page)},
		{Key: n.Home, Do: func(tea.KeyPressMsg) tea.Cmd { p.view.GotoTop(); return nil }},
		{Key: n.End, Do: func(tea.KeyPressMsg) tea.Cmd { p.view.GotoBottom(); return nil }},
		{Key: p.Keys.Panes.Close, Closes: true},
	}
}

// Update scrolls with the mouse wheel, and builds the lines again with
// new styles.
func (p *Panel) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		p.view, _ = p.view.Update(msg)
	case ui.RestyleMsg:
		p.Refresh()
	}
	return nil
}

// ShortHelp leaves the footer to the app.
func (p *Panel) ShortHelp() []key.Binding { return nil }
