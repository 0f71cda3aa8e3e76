package page

import (
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// Listing is what a study page's index lists: the browse command's
// columns and every group of twins, in the gap's order (ListingOf makes
// it of engine/browse's index).
type Listing struct {
	Columns []Column
	Groups  []Group
}

// Column is one column: a group's own (Mode empty: gap, scenario,
// family, id, models) or a field of a mode's run (turns, ending, goal,
// leaks...), by its key in the filter language (agents.goal).
type Column struct {
	Key, Field string
	Mode       view.Mode
	Numeric    bool
}

// Group is one group of twins as the index shows and filters it.
type Group struct {
	ID, Title, Scenario, Family, Models string
	// Problem says why its recording cannot be read ("" when it can);
	// NoPage why a readable group can have no page (its runs are no
	// recordings), "" when it can.
	Problem, NoPage string
	// Paths are its recordings, for its page.
	Paths []string
	// Modes are its runs' columns' modes, Kinds the annotation kinds
	// its runs have (their words, "mind-read"), Endings how each ended
	// (its reason and its outcome).
	Modes          []view.Mode
	Kinds, Endings []string
	// Goal names the measure its goal cells show ("" for none).
	Goal string
	// Cells are its cells, in the columns' order.
	Cells []Cell
}

// Cell is a column's cell of a group: its text, and for a numeric column
// its figure, or why it has none (blank, never 0).
type Cell struct {
	Text, Why string
	Value     float64
	OK        bool
}

// Index is a study page's list of every group of twins (engine/browse):
// a row each with `omnigap browse`'s columns, sorted by the gap, linking
// to the group's episode page when it has one; and the turns of the
// groups with a page, for the page's search.
type Index struct {
	// Groups counts the groups listed, Paged those with a page; Capped
	// says pages were written for the biggest gaps only, Cap of them.
	Groups, Paged, Cap int
	Capped             bool
	Modes              []indexMode
	Columns            []indexColumn
	Rows               []indexRow
	// Turns are the searchable turns: [row, column on its page, turn,
	// run, speaker, text] each, the text cleaned (textsafe.Clean).
	Turns [][]any
	// Unpaged says why some groups have no page, "" when all have.
	Unpaged []string
}

// indexMode heads a mode's columns.
type indexMode struct {
	Mode, Label string
	Span        int
}

// indexColumn is a column: a group's own (gap, scenario...) or a field of
// a mode's run, by its key in the filter language (agents.goal).
type indexColumn struct {
	Key, Mode, ModeLabel, Label string
	Numeric                     bool
}

// indexRow is a group: its link, what the filter reads of it, and its
// cells in the columns' order.
type indexRow struct {
	N               int
	ID, Title, Href string
	Problem, NoPage string
	Words, Family   string
	Modes, Models   string
	Kinds, Endings  string
	Cells           []indexCell
}

// indexCell is a column's cell of a group: its text, its figure for a
// numeric one ("" when blank) and why it is blank.
type indexCell struct {
	Key, Mode, Label string
	Text, Value, Why string
}

// groupPage is what writing a group's episode page gave: its link, its
// searchable turns, or why it has none.
type groupPage struct {
	Href  string
	Turns []turnLine
	Why   string
}

// turnLine is a turn of an episode page, for the study page's search.
type turnLine struct {
	Col, Turn         int
	Run, Speaker, Say string
}

// indexOf lists the groups with their pages.
func indexOf(l Listing, pages map[int]groupPage, capped bool, limit int) *Index {
	out := &Index{Groups: len(l.Groups), Capped: capped, Cap: limit}
	for _, c := range l.Columns {
		col := indexColumn{Key: c.Key, Mode: string(c.Mode), ModeLabel: c.Mode.Label(), Label: columnLabel(c), Numeric: c.Numeric}
		out.Columns = append(out.Columns, col)
		if c.Mode == "" {
			continue
		}
		if n := len(out.Modes); n > 0 && out.Modes[n-1].Mode == string(c.Mode) {
			out.Modes[n-1].Span++
		} else {
			out.Modes = append(out.Modes, indexMode{Mode: string(c.Mode), Label: c.Mode.Label(), Span: 1})
		}
	}
	reasons := map[string]bool{}
	for i, g := range l.Groups {
		row := indexRow{N: i, ID: clean(g.ID), Title: clean(g.Title), Problem: clean(g.Problem), Family: strings.ToLower(clean(g.Family)),
			Models: strings.ToLower(clean(g.Models))}
		row.Words = strings.ToLower(strings.Join([]string{row.Title, clean(g.Scenario), row.Family, row.ID, row.Models, row.Problem}, "\n"))
		modes := make([]string, len(g.Modes))
		for j, m := range g.Modes {
			modes[j] = clean(string(m))
		}
		row.Modes, row.Kinds = strings.Join(modes, " "), clean(strings.Join(g.Kinds, " "))
		row.Endings = strings.ToLower(clean(strings.Join(g.Endings, "\n")))
		for j, c := range l.Columns {
			var cell Cell
			if j < len(g.Cells) {
				cell = g.Cells[j]
			}
			ic := indexCell{Key: c.Key, Mode: string(c.Mode), Label: columnLabel(c), Text: clean(cell.Text), Why: clean(cell.Why)}
			if c.Mode != "" {
				ic.Label = c.Mode.Label() + " " + ic.Label
			}
			if c.Numeric && cell.OK {
				ic.Value = strconv.FormatFloat(cell.Value, 'g', -1, 64)
			}
			if c.Field == "goal" && g.Goal != "" {
				ic.Label += ": " + clean(g.Goal)
			}
			row.Cells = append(row.Cells, ic)
		}
		p, ok := pages[i]
		switch {
		case ok && p.Why == "":
			row.Href = p.Href
			out.Paged++
			for _, t := range p.Turns {
				out.Turns = append(out.Turns, []any{i, t.Col, t.Turn, clean(t.Run), clean(t.Speaker), clean(t.Say)})
			}
		case ok:
			row.NoPage = p.Why
		case row.Problem == "":
			row.NoPage = "no page: past the " + strconv.Itoa(limit) + " biggest gaps"
		}
		if row.NoPage != "" && row.Problem == "" && !reasons[row.NoPage] {
			reasons[row.NoPage] = true
			out.Unpaged = append(out.Unpaged, row.NoPage)
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// columnLabel names a column in the table's heading: a group's by its
// key; a mode's field under its mode's heading, an annotation kind's
// count by the kind's short name.
func columnLabel(c Column) string {
	if c.Mode == "" {
		return c.Key
	}
	for _, k := range event.Kinds {
		if k.Plural == c.Field {
			return k.Short
		}
	}
	return c.Field
}
