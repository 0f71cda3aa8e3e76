package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Line sanitizes a short untrusted label and keeps it on one line.
func Line(s string) string {
	return strings.ReplaceAll(textsafe.Clean(s), "\n", " ")
}

// FirstName is the first word of an untrusted name, or "".
func FirstName(name string) string {
	if f := strings.Fields(Line(name)); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Fit truncates or pads a styled line to exactly w cells.
func Fit(s string, w int) string {
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// Pad fills a line of width lw up to w cells.
func Pad(s string, lw, w int) string {
	if lw >= w {
		return s
	}
	return s + strings.Repeat(" ", w-lw)
}

// Spread puts right at the right edge of a width-w line and left before
// it, truncating left when both do not fit.
func Spread(left, right string, w int) string {
	rw := ansi.StringWidth(right)
	if rw >= w {
		return Fit(right, w)
	}
	left = ansi.Truncate(left, max(w-rw-1, 0), "…")
	gap := w - rw - ansi.StringWidth(left)
	return left + strings.Repeat(" ", gap) + right
}

// Center pads s to w cells, centred.
func Center(s string, w int) string {
	gap := max(w-ansi.StringWidth(s), 0)
	return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
}

// CutAtWord shortens s to w cells at a word boundary, marked with "…".
func CutAtWord(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	cut := ansi.Truncate(s, w-1, "")
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}

// Para wraps untrusted text to width after an indent, keeping its line
// breaks, and styles each line.
func Para(text string, width, indent int, style lipgloss.Style) []string {
	pad := strings.Repeat(" ", indent)
	var out []string
	for _, l := range strings.Split(ansi.Wrap(textsafe.Clean(strings.TrimRight(text, "\n")), max(width-indent, 1), ""), "\n") {
		out = append(out, pad+style.Render(l))
	}
	return out
}

// Plural is word for n of them.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// DockRule is the first line of what a pane shows under its transcript
// (an input box, a question): a rule carrying a label, with key hints at
// the right when the pane is wide enough for both.
func DockRule(label, hints string, width int, st *Styles) string {
	lead := st.Sep.Render("──") + label
	lw, hw := ansi.StringWidth(lead), ansi.StringWidth(hints)
	if hints == "" || lw+hw+3 > width {
		return Fit(lead+st.Sep.Render(strings.Repeat("─", max(width-lw, 0))), width)
	}
	return Spread(lead+st.Sep.Render(strings.Repeat("─", width-lw-hw-1)), st.Dim.Render(hints), width)
}

// Blank is a line of w spaces.
func Blank(w int) string { return strings.Repeat(" ", w) }

// WheelLines is how far one wheel notch scrolls.
const WheelLines = 3
