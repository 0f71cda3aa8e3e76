package ui

import (
	"strings"

	"charm.land/glamour/v2"
	gansi "charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Markdown renders untrusted Markdown (the simulation card) for a panel
// of width cells with glamour: headings, emphasis and tables drawn, not
// shown as Markdown. The text is cleaned (engine/textsafe) before it is
// rendered, and of what glamour writes only text and SGR styles reach the
// terminal: a link in the text is shown, never made a hyperlink. Without
// colour (NO_COLOR, Styles.Colourless) the style draws with text
// attributes alone.
func Markdown(md string, width int, st *Styles) []string {
	r, err := glamour.NewTermRenderer(glamour.WithStyles(markdownStyle(st.Dark, st.Colourless)), glamour.WithWordWrap(max(width, 1)))
	var out string
	if err == nil {
		out, err = r.Render(textsafe.Clean(md))
	}
	if err != nil {
		// Glamour refuses no text it is given; were it to, the card
		// still reads as the Markdown it is.
		return Para(md, width, 0, st.Setting)
	}
	lines := strings.Split(strings.Trim(out, "\n"), "\n")
	for i, l := range lines {
		lines[i] = Fit(tidy(l), width)
	}
	return lines
}

// tidy is one line of glamour's output with only its text and SGR
// styles (no OSC 8 hyperlink), and without the styled spaces glamour pads
// it with to the width (the panel pads plain).
func tidy(line string) string {
	var b strings.Builder
	var state byte
	end := 0 // b's length after the last character that is not a space
	for len(line) > 0 {
		seq, width, n, next := ansi.DecodeSequence(line, state, nil)
		if n == 0 {
			break
		}
		switch {
		case width > 0:
			b.WriteString(seq)
			if strings.TrimSpace(seq) != "" {
				end = b.Len()
			}
		case strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m"):
			b.WriteString(seq)
		}
		state, line = next, line[n:]
	}
	out := b.String()[:end]
	if strings.Contains(out, "\x1b[") {
		out += "\x1b[m"
	}
	return out
}

// markdownStyle is glamour's style for a dark or light background, or its
// style for no terminal when there is no colour, with headings told by
// their look rather than by Markdown's #, and, without colour, bold and
// italics drawn rather than marked with * (the app keeps text attributes
// under NO_COLOR).
func markdownStyle(dark, colourless bool) gansi.StyleConfig {
	yes, none := true, ""
	var s gansi.StyleConfig
	switch {
	case colourless:
		s = styles.NoTTYStyleConfig
		s.Heading.Bold = &yes
		s.H1.Underline = &yes
		s.H2.Underline = &yes
		s.Strong = gansi.StylePrimitive{Bold: &yes}
		s.Emph = gansi.StylePrimitive{Italic: &yes}
	case dark:
		s = styles.DarkStyleConfig
	default:
		s = styles.LightStyleConfig
	}
	var margin uint
	s.Document.Margin = &margin
	if colourless {
		s.H1.Prefix = none
	}
	for _, h := range []*gansi.StyleBlock{&s.H2, &s.H3, &s.H4, &s.H5, &s.H6} {
		h.Prefix = none
	}
	return s
}
