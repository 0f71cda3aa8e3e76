package browse

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/view"
)

// Column is one column of the list: the group's own (gap, scenario,
// family, id, models) or a field of one mode's run (turns, ending, goal
// and the annotation counts, one per kind event.Kinds gives a report row).
type Column struct {
	// Key names the column for sorting and in the filter language: the
	// field, with the mode before it for a mode's column (agents.goal).
	Key string
	// Mode is the mode of a mode's column, "" for the group's own.
	Mode view.Mode
	// Field is what the column shows: gap, scenario, family, id, models,
	// or a mode's turns, ending, goal, leaks, mind-reads...
	Field string
	// Numeric columns sort by number; the others by text.
	Numeric bool
}

// The group's own columns, and the fields of each mode's run besides the
// annotation counts.
const (
	Gap      = "gap"
	Title    = "scenario"
	Family   = "family"
	ID       = "id"
	Models   = "models"
	Turns    = "turns"
	Ending   = "ending"
	GoalCell = "goal"
)

// Columns are the list's columns: the group's, then each mode's that the
// index has, in the usual order of modes.
func (ix *Index) Columns() []Column {
	out := []Column{{Key: Gap, Field: Gap, Numeric: true}, {Key: Title, Field: Title}, {Key: Family, Field: Family},
		{Key: ID, Field: ID}, {Key: Models, Field: Models}}
	for _, m := range ix.Modes {
		for _, f := range modeFields() {
			out = append(out, Column{Key: string(m) + "." + f, Mode: m, Field: f, Numeric: f != Ending})
		}
	}
	return out
}

// modeFields are the fields of a mode's run, in column order.
func modeFields() []string {
	out := []string{Turns, Ending, GoalCell}
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, k.Plural)
		}
	}
	return out
}

// kindMetric is the metric of the annotation kind whose plural (or word)
// is field.
func kindMetric(field string) (string, bool) {
	for _, k := range event.Kinds {
		if k.Row != "" && (field == k.Plural || field == k.Word) {
			return k.Metric, true
		}
	}
	return "", false
}

// Cell is what a column shows of a group: its text, and for a numeric
// column the figure (blank, with why, when there is none).
type Cell struct {
	Text string
	Figure
}

// Cell is the column's cell of g.
func (c Column) Cell(g *Group) Cell {
	if c.Mode != "" {
		r := g.Run(c.Mode)
		if r == nil {
			return Cell{Figure: Figure{Why: "no " + c.Mode.Label() + " run"}}
		}
		return runCell(r, c.Field, g.Goal)
	}
	switch c.Field {
	case Gap:
		cell := Cell{Figure: g.Gap}
		if g.Gap.OK {
			cell.Text = fmt.Sprintf("%+.1f", g.Gap.Value)
		}
		return cell
	case Title:
		return Cell{Text: g.Title}
	case Family:
		return Cell{Text: string(g.Family)}
	case ID:
		return Cell{Text: g.ID}
	case Models:
		return Cell{Text: g.Models()}
	}
	return Cell{}
}

// runCell is field of r, goal its group's goal measure.
func runCell(r *Run, field, goal string) Cell {
	switch field {
	case Ending:
		if !r.Ended {
			return Cell{Text: "did not end", Figure: Figure{Why: "the recording stops before the run ended"}}
		}
		if r.Outcome != "" {
			return Cell{Text: r.Outcome}
		}
		return Cell{Text: string(r.Reason)}
	case GoalCell:
		if goal == "" {
			return Cell{Figure: Figure{Why: "no goal measure"}}
		}
		return numberCell(r.Figure(goal), "%.1f")
	case Turns:
		return numberCell(r.Figure(metrics.Turns), "%.0f")
	}
	if metric, ok := kindMetric(field); ok {
		return numberCell(r.Figure(metric), "%.0f")
	}
	return Cell{}
}

func numberCell(f Figure, format string) Cell {
	if !f.OK {
		return Cell{Figure: f}
	}
	return Cell{Text: fmt.Sprintf(format, f.Value), Figure: f}
}

// ColumnByKey is the column of key in cols, case folded.
func ColumnByKey(cols []Column, key string) (Column, bool) {
	for _, c := range cols {
		if strings.EqualFold(c.Key, key) {
			return c, true
		}
	}
	return Column{}, false
}
