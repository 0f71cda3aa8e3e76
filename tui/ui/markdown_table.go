package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdPart is a run of Markdown lines: a pipe table, or text for goldmark.
type mdPart struct {
	text  string
	table *mdTable
}

// mdTable is a pipe table as written: its cells' Markdown and each
// column's alignment (from its delimiter row).
type mdTable struct {
	header []string
	align  []lipgloss.Position
	rows   [][]string
	// aligned says which columns asked for an alignment (":").
	aligned []bool
}

// isDelimiter says whether c is a cell of a table's delimiter row: ---,
// :--, --: or :-:.
func isDelimiter(c string) bool {
	c = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(c), ":"), ":")
	return c != "" && strings.Trim(c, "-") == ""
}

// markdownTables splits md into pipe tables (GitHub's: a header row, a
// delimiter row with as many cells, then rows up to a blank line) and
// the text between them, in order.
func markdownTables(md string) []mdPart {
	lines := strings.Split(md, "\n")
	var parts []mdPart
	var prose []string
	flush := func() {
		if len(prose) > 0 {
			parts = append(parts, mdPart{text: strings.Join(prose, "\n")})
			prose = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		startsBlock := i == 0 || strings.TrimSpace(lines[i-1]) == ""
		if !startsBlock || i+1 >= len(lines) || !strings.Contains(lines[i], "|") {
			prose = append(prose, lines[i])
			continue
		}
		header, delims := tableCells(lines[i]), tableCells(lines[i+1])
		if len(header) != len(delims) || !allDelimiters(delims) {
			prose = append(prose, lines[i])
			continue
		}
		t := &mdTable{header: header}
		for _, d := range delims {
			d = strings.TrimSpace(d)
			left, right := strings.HasPrefix(d, ":"), strings.HasSuffix(d, ":")
			pos := lipgloss.Left
			switch {
			case left && right:
				pos = lipgloss.Center
			case right:
				pos = lipgloss.Right
			}
			t.align = append(t.align, pos)
			t.aligned = append(t.aligned, left || right)
		}
		i += 2
		for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
			row := tableCells(lines[i])
			row = append(row, make([]string, max(len(header)-len(row), 0))...)
			t.rows = append(t.rows, row[:len(header)])
		}
		i-- // the blank line, or the end, is the prose's again
		flush()
		parts = append(parts, mdPart{table: t})
	}
	flush()
	return parts
}

func allDelimiters(cells []string) bool {
	for _, c := range cells {
		if !isDelimiter(c) {
			return false
		}
	}
	return len(cells) > 0
}

// tableCells is a table row's cells: split at each | not escaped by a
// backslash, without the row's outer pipes; \| is a | in the cell.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	if strings.HasSuffix(line, "|") && !strings.HasSuffix(line, `\|`) {
		line = line[:len(line)-1]
	}
	var cells []string
	var cell strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cell.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(line[i])
		}
	}
	return append(cells, strings.TrimSpace(cell.String()))
}

// table draws t across width cells: columns apart by rules, a rule under
// the header, cells wrapped.
func (l mdLook) table(t *mdTable, width int) []string {
	inline := parser.NewParser(parser.WithBlockParsers(util.Prioritized(parser.NewParagraphParser(), 100)),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...))
	draw := func(cells []string) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = l.cell(inline, c)
		}
		return out
	}
	lt := table.New().Width(width).Wrap(true).Headers(draw(t.header)...).
		Border(l.border).BorderTop(false).BorderBottom(false).BorderLeft(false).BorderRight(false).
		StyleFunc(func(_, col int) lipgloss.Style {
			st := lipgloss.NewStyle().Inline(false).Margin(0, 1)
			if col < len(t.aligned) && t.aligned[col] {
				switch t.align[col] {
				case lipgloss.Left:
					st = st.Align(lipgloss.Left).PaddingRight(0)
				case lipgloss.Right:
					st = st.Align(lipgloss.Right).PaddingLeft(0)
				default:
					st = st.Align(lipgloss.Center)
				}
			}
			return st
		})
	for _, r := range t.rows {
		lt.Row(draw(r)...)
	}
	return strings.Split(lt.String(), "\n")
}

// cell draws a table cell's inline Markdown, parsed by inline (paragraphs
// only, so a cell that reads like a heading or a list item stays text).
func (l mdLook) cell(inline parser.Parser, md string) string {
	src := []byte(md)
	doc := inline.Parse(text.NewReader(src))
	var b strings.Builder
	for p := doc.FirstChild(); p != nil; p = p.NextSibling() {
		b.WriteString(l.inlines(p, src, l.text))
	}
	return b.String()
}
