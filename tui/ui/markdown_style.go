package ui

import "github.com/charmbracelet/x/ansi"

// mdStyle is how a run of the card's text is drawn: 256-colour indexes
// (none when nil) and text attributes, every character alike (spaces
// too: an underlined heading is one line).
type mdStyle struct {
	fg, bg                  *ansi.IndexedColor
	bold, italic, underline bool
}

// colour is a 256-colour index for mdStyle.
func colour(i uint8) *ansi.IndexedColor {
	c := ansi.IndexedColor(i)
	return &c
}

// render is s in the style; s unchanged when the style is plain or s
// is empty.
func (m mdStyle) render(s string) string {
	var st ansi.Style
	if m.fg != nil {
		st = st.ForegroundColor(*m.fg)
	}
	if m.bg != nil {
		st = st.BackgroundColor(*m.bg)
	}
	if m.bold {
		st = st.Bold()
	}
	if m.italic {
		st = st.Italic(true)
	}
	if m.underline {
		st = st.Underline(true)
	}
	if len(st) == 0 || s == "" {
		return s
	}
	return st.Styled(s)
}

// over is inner drawn within m: inner's attributes added to m's, and
// inner's colours where it has them.
func (m mdStyle) over(inner mdStyle) mdStyle {
	m.bold = m.bold || inner.bold
	m.italic = m.italic || inner.italic
	m.underline = m.underline || inner.underline
	if inner.fg != nil {
		m.fg = inner.fg
	}
	if inner.bg != nil {
		m.bg = inner.bg
	}
	return m
}
