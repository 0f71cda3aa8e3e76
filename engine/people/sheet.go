package people

import (
	"slices"

	"github.com/omnigap/omnigap/engine/metrics"
)

// Sheet is one seat's scores laid out for reading: a row per dimension,
// a column per automated scorer (in ScorerRank's order), then one per
// rater (in the order read). The page, the card and the replay show it.
type Sheet struct {
	Columns []Column
	Rows    []SheetRow
}

// Column is a scorer or a rater, by name as given.
type Column struct {
	Name  string
	Rater bool
}

// SheetRow is one dimension's scores, a cell per column: one entry, none,
// or more for a rater who rated the seat again.
type SheetRow struct {
	Dimension metrics.JudgeDimension
	Cells     [][]Entry
}

// Entry is one score with the reasoning or reason given for it.
type Entry struct {
	Score float64
	Why   string
}

// SheetOf lays a seat's scores and ratings out.
func SheetOf(scores []Score, ratings []Rating) Sheet {
	var sh Sheet
	var scorers []string
	for _, s := range scores {
		if !slices.Contains(scorers, s.Scorer) {
			scorers = append(scorers, s.Scorer)
		}
	}
	SortScorers(scorers)
	for _, name := range scorers {
		sh.Columns = append(sh.Columns, Column{Name: name})
	}
	for _, r := range ratings {
		if c := (Column{Name: r.Rater, Rater: true}); !slices.Contains(sh.Columns, c) {
			sh.Columns = append(sh.Columns, c)
		}
	}
	for _, d := range metrics.JudgeDimensions {
		row := SheetRow{Dimension: d, Cells: make([][]Entry, len(sh.Columns))}
		for i, c := range sh.Columns {
			for _, s := range scores {
				if !c.Rater && s.Scorer == c.Name && s.Dimension == d.Key {
					row.Cells[i] = append(row.Cells[i], Entry{s.Value, s.Reasoning})
				}
			}
			for _, r := range ratings {
				if c.Rater && r.Rater == c.Name && r.Dimension == d.Key {
					row.Cells[i] = append(row.Cells[i], Entry{r.Score, r.Reason})
				}
			}
		}
		sh.Rows = append(sh.Rows, row)
	}
	return sh
}

// Sheet is the seat's scores and ratings laid out (SheetOf).
func (s Seat) Sheet() Sheet { return SheetOf(s.Scores, s.Ratings) }

// Judged reports whether a judge (imported or omnigap's) gave reasoning
// for any of the scores.
func Judged(scores []Score) bool {
	return slices.ContainsFunc(scores, func(s Score) bool { return s.Reasoning != "" })
}
