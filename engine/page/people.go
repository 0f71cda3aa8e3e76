package page

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
)

// peopleRun is one run's seats as the automated scorers and people
// scored them: each seat a table of the seven dimensions, a column per
// scorer (its score and reasoning) and per rater (their score and
// reason).
type peopleRun struct {
	Mode, Label, File string
	Seats             []peopleSeat
}

type peopleSeat struct {
	Seat               int
	Name, Model, Agent string
	Columns            []peopleColumn
	Rows               []peopleRow
}

type peopleColumn struct {
	Name  string
	Rater bool
}

type peopleRow struct {
	Dimension, Range string
	Cells            []peopleCell
}

// peopleCell holds a column's scores of one dimension: one, or none, or
// more for a rater who rated the seat again.
type peopleCell struct {
	Column  string
	Rater   bool
	Entries []entry
}

type entry struct{ Score, Why string }

// maxReason is the most of a reason or a reasoning a page shows.
const maxReason = 2000

// peopleOf is a run's section, from its ratings (rated, nil when none)
// or else its judges' scores; nil when the run has neither.
func peopleOf(rec *record.Recording, rated *people.Episode) *peopleRun {
	h := rec.Header
	mode := report.Column(h)
	run := &peopleRun{Mode: string(mode), Label: mode.Label(), File: clean(filepath.Base(rec.Path))}
	any := false
	for seat := range 2 {
		st := people.Seat{Name: h.Scenario.Seats[seat].Character.Name, Model: h.Backends[seat], Scores: people.Scores(h, rec.Ending(), rec.Events, seat)}
		if rated != nil {
			st = rated.Seats[seat]
		}
		any = any || people.Judged(st.Scores) || len(st.Ratings) > 0
		run.Seats = append(run.Seats, seatTable(seat, st))
	}
	if !any {
		return nil
	}
	return run
}

// seatTable is one seat's sheet as the page shows it.
func seatTable(seat int, st people.Seat) peopleSeat {
	out := peopleSeat{Seat: seat, Name: clean(st.Name), Model: clean(st.Model)}
	if st.Agent > 0 {
		out.Agent = fmt.Sprintf("agent %d", st.Agent)
	}
	sh := st.Sheet()
	for _, c := range sh.Columns {
		out.Columns = append(out.Columns, peopleColumn{Name: clean(c.Name), Rater: c.Rater})
	}
	for _, r := range sh.Rows {
		row := peopleRow{Dimension: strings.ReplaceAll(r.Dimension.Key, "_", " "), Range: fmt.Sprintf("%g..%g", r.Dimension.Min, r.Dimension.Max)}
		for i, entries := range r.Cells {
			cell := peopleCell{Column: out.Columns[i].Name, Rater: out.Columns[i].Rater}
			for _, e := range entries {
				cell.Entries = append(cell.Entries, entry{number(e.Score), shown(e.Why)})
			}
			row.Cells = append(row.Cells, cell)
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// shown is a reason as a page shows it: cleaned, and cut at maxReason
// characters with a word on how much more there is.
func shown(s string) string {
	r := []rune(clean(s))
	if len(r) <= maxReason {
		return string(r)
	}
	return string(r[:maxReason]) + "… (" + strconv.Itoa(len(r)-maxReason) + " more characters)"
}
