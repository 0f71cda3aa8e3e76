// Package scoreboard is the screen that ends each comparison of omnigap
// demo: the panes' results side by side.
package scoreboard

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// labelWidth is the width of the scoreboard's column of row names at w
// columns: from 120 wide enough for the report's names of the goal rows,
// narrower below, where they wrap, so that three panes keep columns
// wide enough to read.
func labelWidth(w int) int {
	if w >= 120 {
		return 30
	}
	return 16
}

// Board is the scoreboard: the panes' results side by side, one column
// per pane. Space plays the next comparison and esc shows the dialogue
// again.
type Board struct {
	ui.Common
	scenario   *scenario.Scenario
	comparison string // "comparison 1 of 2"
	panes      []*pane.Pane
	next       func() tea.Cmd
	lines      ui.Memo[[2]int]
}

// New is the scoreboard of panes, runs of sc; next starts the next
// comparison.
func New(c ui.Common, sc *scenario.Scenario, comparison string, panes []*pane.Pane, next func() tea.Cmd) *Board {
	return &Board{Common: c, scenario: sc, comparison: comparison, panes: panes, next: next}
}

// Layer is how the board sits on the stack: over the panes.
func (b *Board) Layer() ui.Layer { return ui.Layer{Component: b, Place: ui.Body} }

// Bindings play the next comparison or go back to the dialogue.
func (b *Board) Bindings() []ui.Binding {
	return []ui.Binding{
		{Key: b.Keys.Playback.Pause, Do: func(tea.KeyPressMsg) tea.Cmd { return b.next() }},
		{Key: b.Keys.Panes.Close, Closes: true},
	}
}

// ShortHelp says what space and esc do here.
func (b *Board) ShortHelp() []key.Binding {
	k := b.Keys
	return []key.Binding{ui.Relabel(k.Playback.Pause, "next comparison"), ui.Relabel(k.Panes.Close, "back to the dialogue"), k.General.Quit}
}

// Update draws the board again with new styles.
func (b *Board) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(ui.RestyleMsg); ok {
		b.lines.Reset()
	}
	return nil
}

// SetSize does nothing: Render takes the size.
func (b *Board) SetSize(int, int) {}

// Render draws the board in exactly h lines of w cells.
func (b *Board) Render(w, h int) []string {
	return b.lines.Get([2]int{w, h}, func() []string { return b.draw(w, h) })
}

func (b *Board) draw(w, h int) []string {
	st := b.Styles
	n := len(b.panes)
	label := labelWidth(w)
	col := max((w-label)/max(n, 1), 8)
	// cells makes one row: its name and one cell per pane; a cell wraps
	// onto at most three lines, so a caption or an outcome reads whole in
	// a narrow column.
	cells := func(name string, cell func(p *pane.Pane) (string, lipgloss.Style)) []string {
		row := []string{name}
		for _, p := range b.panes {
			text, style := cell(p)
			lines := strings.Split(ansi.Wordwrap(text, col-2, ""), "\n")
			if len(lines) > 3 {
				lines = append(lines[:2], ansi.Truncate(strings.Join(lines[2:], " "), col-2, "…"))
			}
			for j := range lines {
				lines[j] = style.Render(ansi.Truncate(lines[j], col-2, "…"))
			}
			row = append(row, strings.Join(lines, "\n"))
		}
		return row
	}
	plain := lipgloss.NewStyle()
	blank := make([]string, n+1)
	metric := func(key, format string) func(p *pane.Pane) (string, lipgloss.Style) {
		return func(p *pane.Pane) (string, lipgloss.Style) {
			if p.Ending() == nil {
				return "-", plain
			}
			v, ok := p.Ending().Metrics[key]
			if !ok {
				return "-", plain
			}
			return fmt.Sprintf(format, v), plain
		}
	}
	rows := [][]string{
		cells("", func(p *pane.Pane) (string, lipgloss.Style) { return " " + p.Label() + " ", st.ModeFocused }),
		cells("", func(p *pane.Pane) (string, lipgloss.Style) { return pane.Captions[p.Mode()], st.Dim }),
		blank,
		cells("outcome", func(p *pane.Pane) (string, lipgloss.Style) {
			switch end := p.Ending(); {
			case end == nil:
				return "-", st.Dim
			case end.Outcome.Good():
				return ui.Line(end.Outcome.Summary), st.Good
			default:
				return ui.Line(end.Outcome.Summary), st.Bad
			}
		}),
		blank,
	}
	// Goal completion is each seat's, named by who scored it as the
	// report names it (the family's rule, an LLM judge): a heading row,
	// then one row per seat. A scorer no run has is left out.
	for _, g := range goalScorers {
		if !b.anyHas(g.mean, g.seats[0], g.seats[1]) {
			continue
		}
		rows = append(rows, cells(measureLabel(g.mean), func(*pane.Pane) (string, lipgloss.Style) { return "", plain }))
		for seat, key := range g.seats {
			rows = append(rows, cells("  "+b.seatName(seat), metric(key, "%.1f")))
		}
		rows = append(rows, blank)
	}
	for _, k := range event.Kinds {
		if k.Row != "" {
			rows = append(rows, cells(k.Plural, func(p *pane.Pane) (string, lipgloss.Style) { return fmt.Sprint(p.Count(k.Kind)), st.Highlight[k.Kind] }))
		}
	}
	rows = append(rows, cells("turns", func(p *pane.Pane) (string, lipgloss.Style) { return fmt.Sprint(p.Completed()), plain }))
	grid := table.New().Rows(rows...).Wrap(true).
		BorderTop(false).BorderBottom(false).BorderLeft(false).BorderRight(false).BorderHeader(false).BorderColumn(false).
		StyleFunc(func(_, c int) lipgloss.Style {
			if c == 0 {
				return st.Title.Width(label)
			}
			return plain.Width(col)
		})
	out := []string{
		ui.Spread(st.Title.Render(" Scoreboard · "+ui.Line(b.scenario.Title)), st.Dim.Render(b.comparison+" "), w),
		st.Sep.Render(strings.Repeat("─", w)),
		ui.Blank(w),
	}
	for _, l := range strings.Split(grid.String(), "\n") {
		out = append(out, ui.Fit(l, w))
	}
	for len(out) < h {
		out = append(out, ui.Blank(w))
	}
	return out[:h]
}

// goalScorers are the two ways an episode's goal completion is scored:
// the metric of both seats' mean, which names the row as the report
// does, and each seat's.
var goalScorers = []struct {
	mean  string
	seats [2]string
}{
	{metrics.GoalCompletion, [2]string{metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1}},
	{report.JudgeGoal, [2]string{metrics.JudgeSeatKey(0, "goal"), metrics.JudgeSeatKey(1, "goal")}},
}

// measureLabel is the report's name of a metric.
func measureLabel(key string) string {
	for _, m := range report.Measures() {
		if m.Key == key {
			return m.Label
		}
	}
	return key
}

// anyHas reports whether some pane's run ended with one of the metrics.
func (b *Board) anyHas(keys ...string) bool {
	for _, p := range b.panes {
		if end := p.Ending(); end != nil {
			for _, k := range keys {
				if _, ok := end.Metrics[k]; ok {
					return true
				}
			}
		}
	}
	return false
}

// seatName names a seat by its character's first name and its role.
func (b *Board) seatName(seat int) string {
	role := ui.Line(b.scenario.Seats[seat].Role)
	if name := ui.FirstName(b.scenario.Seats[seat].Character.Name); name != "" {
		return name + ", " + role
	}
	return role
}
