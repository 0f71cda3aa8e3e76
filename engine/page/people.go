package page

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
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
		var ratings []people.Rating
		scores := people.Scores(h, rec.Ending(), rec.Events, seat)
		agent := 0
		if rated != nil {
			ratings, scores, agent = rated.Seats[seat].Ratings, rated.Seats[seat].Scores, rated.Seats[seat].Agent
		}
		judged := slices.ContainsFunc(scores, func(s people.Score) bool { return s.Reasoning != "" })
		any = any || judged || len(ratings) > 0
		run.Seats = append(run.Seats, seatTable(seat, clean(h.Scenario.Seats[seat].Character.Name), clean(h.Backends[seat]), agent, scores, ratings))
	}
	if !any {
		return nil
	}
	return run
}

// seatTable lays one seat's scores out: a row per dimension, the
// scorers' columns, then the raters' in the order read.
func seatTable(seat int, name, model string, agent int, scores []people.Score, ratings []people.Rating) peopleSeat {
	st := peopleSeat{Seat: seat, Name: name, Model: model}
	if agent > 0 {
		st.Agent = fmt.Sprintf("agent %d", agent)
	}
	var scorers []string
	for _, s := range scores {
		if !slices.Contains(scorers, clean(s.Scorer)) {
			scorers = append(scorers, clean(s.Scorer))
		}
	}
	people.SortScorers(scorers)
	for _, name := range scorers {
		st.Columns = append(st.Columns, peopleColumn{Name: name})
	}
	for _, r := range ratings {
		if c := (peopleColumn{Name: clean(r.Rater), Rater: true}); !slices.Contains(st.Columns, c) {
			st.Columns = append(st.Columns, c)
		}
	}
	for _, d := range metrics.JudgeDimensions {
		row := peopleRow{Dimension: strings.ReplaceAll(d.Key, "_", " "), Range: fmt.Sprintf("%g..%g", d.Min, d.Max)}
		for _, c := range st.Columns {
			cell := peopleCell{Column: c.Name, Rater: c.Rater}
			for _, s := range scores {
				if !c.Rater && clean(s.Scorer) == c.Name && s.Dimension == d.Key {
					cell.Entries = append(cell.Entries, entry{number(s.Value), shown(s.Reasoning)})
				}
			}
			for _, r := range ratings {
				if c.Rater && clean(r.Rater) == c.Name && r.Dimension == d.Key {
					cell.Entries = append(cell.Entries, entry{number(r.Score), shown(r.Reason)})
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		st.Rows = append(st.Rows, row)
	}
	return st
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
