package report

import (
	"strings"

	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/wrap"
)

// cellText is a table cell: its figure, and what qualifies it (the
// interval, "(n=1)"), printed after it on one line or under it on a
// second when the table is narrow.
type cellText struct{ main, detail string }

// String is the cell on one line.
func (c cellText) String() string {
	if c.detail == "" {
		return c.main
	}
	return c.main + " " + c.detail
}

// lines is the cell on one line, or on two.
func (c cellText) lines(two bool) []string {
	if !two || c.detail == "" {
		return []string{c.String()}
	}
	return []string{c.main, c.detail}
}

// column is one column of a grid: its headings (one line each: a value
// per dimension of a grouped report, outermost first) and a cell per row.
type column struct {
	heads []string
	cells []cellText
}

// gap is the space between two columns.
const gap = 2

// minLabelWidth is the narrowest the row labels are wrapped to.
const minLabelWidth = 16

// layout is how a grid is fitted to a width: row labels wrapped or not,
// cells on one line or two (figure over interval, headings wrapped).
type layout struct{ wrapLabels, twoLines bool }

// layouts are tried in order, narrowest last.
var layouts = []layout{{}, {wrapLabels: true}, {wrapLabels: true, twoLines: true}}

// writeGrid prints rows of labels and cells laid out to width, in the
// first of layouts that fits; as a last resort the columns go into
// stacked tables, each as many whole columns as fit, with the row labels
// again. A row never loses a column to a line of its own. A heading that
// repeats the one before it (as do the ones above it) is left blank, so a
// group of columns reads as one heading over them.
func writeGrid(b *strings.Builder, labels []string, cols []column, width int) {
	for _, l := range layouts {
		if l.width(labels, cols) <= width {
			b.WriteString(l.render(labels, cols, width))
			return
		}
	}
	narrowest := layouts[len(layouts)-1]
	for from := 0; from < len(cols); {
		to := from + 1
		for to < len(cols) && narrowest.width(labels, cols[from:to+1]) <= width {
			to++
		}
		// A group of columns under one heading stays together when the
		// table holds more than it.
		for k := to - 1; to < len(cols) && k > from; k-- {
			if outer(cols[k]) != outer(cols[k-1]) {
				if outer(cols[to]) == outer(cols[to-1]) {
					to = k
				}
				break
			}
		}
		if from > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(narrowest.render(labels, cols[from:to], width))
		from = to
	}
}

// outer is a column's outermost heading ("" without headings).
func outer(c column) string {
	if len(c.heads) == 0 {
		return ""
	}
	return c.heads[0]
}

// width is the narrowest a grid can be printed in this layout.
func (l layout) width(labels []string, cols []column) int {
	w := l.labelWidth(labels, 0)
	for _, c := range cols {
		w += gap + l.columnWidth(c)
	}
	return w
}

// labelWidth is the width of the label column: the longest label, or
// when labels wrap the most room left (0: the least), not under the
// longest word nor minLabelWidth.
func (l layout) labelWidth(labels []string, room int) int {
	longest, word := 0, minLabelWidth
	for _, label := range labels {
		longest = max(longest, ansi.StringWidth(label))
		for _, w := range strings.Fields(label) {
			word = max(word, ansi.StringWidth(w))
		}
	}
	if !l.wrapLabels {
		return longest
	}
	return min(longest, max(word, room))
}

// columnWidth is a column's width: its widest cell line, and its widest
// heading (or, when cells take two lines, heading word).
func (l layout) columnWidth(c column) int {
	w := 0
	for _, cell := range c.cells {
		for _, line := range cell.lines(l.twoLines) {
			w = max(w, ansi.StringWidth(line))
		}
	}
	for _, h := range c.heads {
		if !l.twoLines {
			w = max(w, ansi.StringWidth(h))
			continue
		}
		for _, word := range strings.Fields(h) {
			w = max(w, ansi.StringWidth(word))
		}
	}
	return w
}

// render lays out one table with lipgloss's table: the headings as its
// first rows, then a row per label, the columns gap apart, lines without
// trailing blanks.
func (l layout) render(labels []string, cols []column, width int) string {
	widths := make([]int, len(cols))
	used := 0
	for i, c := range cols {
		widths[i] = l.columnWidth(c)
		used += gap + widths[i]
	}
	lw := l.labelWidth(labels, width-used)
	levels := 0
	for _, c := range cols {
		levels = max(levels, len(c.heads))
	}
	t := table.New().BorderTop(false).BorderBottom(false).BorderLeft(false).BorderRight(false).
		BorderColumn(false).BorderHeader(false).
		StyleFunc(func(_, col int) lipgloss.Style {
			if col == len(cols) {
				return lipgloss.NewStyle()
			}
			return lipgloss.NewStyle().PaddingRight(gap)
		})
	for level := range levels {
		row := []string{""}
		for i, h := range headLine(cols, level) {
			row = append(row, wrapTo(h, widths[i], l.twoLines))
		}
		t.Row(row...)
	}
	for r, label := range labels {
		row := []string{wrapTo(label, lw, l.wrapLabels)}
		for _, c := range cols {
			row = append(row, strings.Join(c.cells[r].lines(l.twoLines), "\n"))
		}
		t.Row(row...)
	}
	var out strings.Builder
	for _, line := range strings.Split(t.Render(), "\n") {
		out.WriteString(strings.TrimRight(line, " "))
		out.WriteByte('\n')
	}
	return out.String()
}

// wrapTo wraps s to width at spaces when wrapping is allowed.
func wrapTo(s string, width int, wrap bool) string {
	if !wrap {
		return s
	}
	return wrapWords(s, width)
}

// wrapWords wraps s to width cells at spaces only (a word longer than
// width keeps a line of its own).
func wrapWords(s string, width int) string {
	return strings.Join(wrap.Lines(s, func(l string) bool { return ansi.StringWidth(l) <= width }), "\n")
}

// headLine is one line of a block's headings: a column's heading at
// level, blank where it and the ones above it repeat the column before.
func headLine(cols []column, level int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		if level >= len(c.heads) {
			continue
		}
		repeats := i > 0 && level < len(cols[i-1].heads) && level < len(c.heads)-1
		for l := 0; repeats && l <= level; l++ {
			repeats = cols[i-1].heads[l] == c.heads[l]
		}
		if !repeats {
			out[i] = c.heads[level]
		}
	}
	return out
}
