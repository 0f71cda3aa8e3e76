package people

import (
	"strings"
	"unicode/utf8"
)

// cell is a table cell: its figure and what qualifies it (an interval),
// beside it on one line or under it when the table is narrow.
type cell struct{ main, detail string }

func (c cell) line() string {
	if c.detail == "" {
		return c.main
	}
	return c.main + " " + c.detail
}

// gridRow is a row label and its cells (none for a heading row).
type gridRow struct {
	label string
	cells []cell
}

// gap is the space between two columns.
const gap = 2

// writeGrid lays rows out to width: every cell on one line when that
// fits, else each interval under its figure; a label too long for its
// column goes on a line of its own.
func writeGrid(b *strings.Builder, rows []gridRow, width int) {
	two := false
	widths := columnWidths(rows, two)
	labelWidth := labelsWidth(rows)
	if total(widths)+labelWidth > width {
		two = true
		widths = columnWidths(rows, true)
	}
	labelWidth = min(labelWidth, max(width-total(widths), 16))
	for _, r := range rows {
		if len(r.cells) == 0 {
			b.WriteString(r.label + "\n")
			continue
		}
		label := r.label
		if utf8.RuneCountInString(label) > labelWidth {
			b.WriteString(label + "\n")
			label = ""
		}
		lines := 1
		if two {
			lines = 2
		}
		for l := range lines {
			text := pad(label, labelWidth)
			if l > 0 {
				text = pad("", labelWidth)
			}
			for i, w := range widths {
				s := ""
				if i < len(r.cells) {
					s = r.cells[i].line()
					if two && l == 0 {
						s = r.cells[i].main
					} else if two {
						s = r.cells[i].detail
					}
				}
				text += strings.Repeat(" ", gap) + pad(s, w)
			}
			if t := strings.TrimRight(text, " "); t != "" || l == 0 {
				b.WriteString(t + "\n")
			}
		}
	}
}

// columnWidths are the widths of the cells' columns.
func columnWidths(rows []gridRow, two bool) []int {
	var widths []int
	for _, r := range rows {
		for i, c := range r.cells {
			w := utf8.RuneCountInString(c.line())
			if two {
				w = max(utf8.RuneCountInString(c.main), utf8.RuneCountInString(c.detail))
			}
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], w)
		}
	}
	return widths
}

// labelsWidth is the width of the longest label of a row with cells.
func labelsWidth(rows []gridRow) int {
	w := 0
	for _, r := range rows {
		if len(r.cells) > 0 {
			w = max(w, utf8.RuneCountInString(r.label))
		}
	}
	return w
}

func total(widths []int) int {
	t := 0
	for _, w := range widths {
		t += w + gap
	}
	return t
}

func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
