package page

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/event"
)

// ListingOf is what a study page's index lists of ix: its groups with
// browse's columns, sorted by the gap, biggest first, the groups without
// one last.
func ListingOf(ix *browse.Index) Listing {
	cols := ix.Columns()
	groups := slices.Clone(ix.Groups)
	if gap, ok := browse.ColumnByKey(cols, browse.Gap); ok {
		browse.Sort(groups, gap, true)
	}
	var l Listing
	for _, c := range cols {
		l.Columns = append(l.Columns, Column{Key: c.Key, Field: c.Field, Mode: c.Mode, Numeric: c.Numeric})
	}
	for _, g := range groups {
		l.Groups = append(l.Groups, groupOf(g, cols))
	}
	return l
}

// groupOf is one group as the page lists it.
func groupOf(g *browse.Group, cols []browse.Column) Group {
	out := Group{ID: g.ID, Title: g.Title, Scenario: g.Scenario, Family: string(g.Family), Models: g.Models(), Problem: g.Problem()}
	if g.Goal != "" {
		out.Goal = browse.MeasureLabel(g.Goal)
	}
	for _, r := range g.Runs {
		if r.Problem != "" {
			continue
		}
		if r.Dialogue != nil {
			out.NoPage = "a transcript's dialogue is no recording"
		}
		out.Paths = append(out.Paths, r.Path)
		if !slices.Contains(out.Modes, r.Column) {
			out.Modes = append(out.Modes, r.Column)
		}
		if r.Ended {
			out.Endings = append(out.Endings, strings.TrimSpace(string(r.Reason)+" "+r.Outcome))
		}
		for _, k := range event.Kinds {
			word := strings.ReplaceAll(k.Word, " ", "-")
			if k.Row != "" && r.Figures[k.Metric] > 0 && !slices.Contains(out.Kinds, word) {
				out.Kinds = append(out.Kinds, word)
			}
		}
	}
	for _, c := range cols {
		cell := c.Cell(g)
		out.Cells = append(out.Cells, Cell{Text: cell.Text, Why: cell.Why, Value: cell.Value, OK: cell.OK})
	}
	return out
}
