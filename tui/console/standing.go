package console

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/tui/ui"
)

// standing is the room at the last reading: title, the lines, the table,
// the notes and the key hint, cut to the screen.
type standing struct {
	title  string
	styles *ui.Styles
	hint   key.Binding
	state  State
	aside  []string
}

func (s *standing) Bindings() []ui.Binding   { return nil }
func (s *standing) Update(tea.Msg) tea.Cmd   { return nil }
func (s *standing) SetSize(int, int)         {}
func (s *standing) ShortHelp() []key.Binding { return nil }

// Render returns at most h lines of at most w cells.
func (s *standing) Render(w, h int) []string {
	st := s.styles
	hint := s.hint.Help().Key + " " + s.hint.Help().Desc
	out := []string{ui.Spread(st.Title.Render(ui.Line(s.title)), st.Dim.Render(hint), w), st.Sep.Render(strings.Repeat("─", w))}
	for _, l := range s.state.Lines {
		out = append(out, wrap(l, w, st.Setting)...)
	}
	out = append(out, "")
	out = append(out, s.table(w)...)
	out = append(out, "")
	for _, l := range append(slices.Clip(s.state.Notes), s.state.Failures...) {
		out = append(out, wrap(l, w, st.Dim)...)
	}
	if fits := len(s.aside) > 0 && ansi.StringWidth(s.aside[0]) <= w && len(out)+1+len(s.aside) <= h; fits {
		out = append(out, "")
		for _, l := range s.aside {
			out = append(out, asideStyle.Render(l))
		}
	}
	return out[:min(len(out), h)]
}

// asideStyle draws the aside's ink white on black whatever the
// terminal's own colours: a QR code's light modules are its ink, and on a
// light terminal's dark ink the code would read inverted, which phones do
// not scan.
var asideStyle = lipgloss.NewStyle().Foreground(lipgloss.Color("#ffffff")).Background(lipgloss.Color("#000000"))

// wrap is a line of the lines or the notes, wrapped at words to w cells
// rather than cut, so a narrow console still finishes its sentences.
func wrap(text string, w int, style lipgloss.Style) []string {
	lines := ui.Para(ui.Line(text), w, 0, style)
	for i, l := range lines {
		lines[i] = ui.Fit(l, w)
	}
	return lines
}

// table lays the rows out in columns two spaces apart; labels give way
// first when the screen is narrow.
func (s *standing) table(w int) []string {
	st := s.styles
	heads := make([]string, len(s.state.Heads))
	cells := 0
	for i, h := range s.state.Heads {
		heads[i] = ui.Line(h)
		widest := ansi.StringWidth(heads[i])
		for _, r := range s.state.Rows {
			if i < len(r.Cells) {
				widest = max(widest, ansi.StringWidth(ui.Line(r.Cells[i])))
			}
		}
		cells += widest + 2
	}
	label := 0
	for _, r := range s.state.Rows {
		label = max(label, ansi.StringWidth(ui.Line(r.Label)))
	}
	label = max(min(label, w-cells-2), 8)
	rows := make([][]string, 0, len(s.state.Rows)+1)
	rows = append(rows, append([]string{""}, heads...))
	for _, r := range s.state.Rows {
		row := []string{ansi.Truncate(ui.Line(r.Label), label, "…")}
		for i := range heads {
			cell := ""
			if i < len(r.Cells) {
				cell = ui.Line(r.Cells[i])
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	grid := table.New().Rows(rows...).
		BorderTop(false).BorderBottom(false).BorderLeft(false).BorderRight(false).BorderHeader(false).BorderColumn(false).
		StyleFunc(func(r, c int) lipgloss.Style {
			style := lipgloss.NewStyle().PaddingRight(2)
			switch {
			case c == 0:
				return style.Width(label + 2)
			case r > 0:
			case c == 1:
				style = style.Inherit(st.Seat[1])
			default:
				style = style.Inherit(st.Title)
			}
			return style
		})
	out := strings.Split(grid.String(), "\n")
	for i, l := range out {
		out[i] = ui.Fit(l, w)
	}
	return out
}

// join is the screen of lines.
func join(lines []string) string { return strings.Join(lines, "\n") }
