package people

import (
	"encoding/csv"
	"io"
	"path/filepath"
	"strconv"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// WriteCSV writes the joined ratings (report --people-csv): a row per
// rating, naming its episode, recording, seat, agent, character, model,
// mode, dimension, rater, score and reason, with each automated
// scorer's score of the same seat on the same dimension in a column of
// its own (empty where it gave none). Every text cell goes through
// textsafe.CSVCell: a rater's id or reason that looks like a formula is
// shown as text.
func (s *Study) WriteCSV(w io.Writer) error {
	scorers := s.scorerNames()
	head := []string{"episode", "recording", "seat", "agent", "character", "model", "mode", "dimension", "rater", "score", "reason"}
	for _, name := range scorers {
		head = append(head, textsafe.CSVCell(name))
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, ep := range s.Episodes {
		for seat, st := range ep.Seats {
			for _, r := range st.Ratings {
				row := []string{textsafe.CSVCell(ep.ID), textsafe.CSVCell(filepath.Base(ep.Path)), strconv.Itoa(seat), agentText(st.Agent),
					textsafe.CSVCell(st.Name), textsafe.CSVCell(st.Model), string(ep.Mode), r.Dimension, textsafe.CSVCell(r.Rater),
					strconv.FormatFloat(r.Score, 'g', -1, 64), textsafe.CSVCell(r.Reason)}
				for _, name := range scorers {
					row = append(row, scoreText(st.Scores, name, r.Dimension))
				}
				if err := cw.Write(row); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// scorerNames are the scorers of every rated seat, in ScorerRank's order.
func (s *Study) scorerNames() []string {
	names := map[string]bool{}
	for _, ep := range s.Episodes {
		for _, st := range ep.Seats {
			for _, sc := range st.Scores {
				names[sc.Scorer] = true
			}
		}
	}
	return sortedScorers(names)
}

func agentText(a int) string {
	if a == 0 {
		return ""
	}
	return strconv.Itoa(a)
}

// scoreText is a scorer's score on a dimension, or empty.
func scoreText(scores []Score, scorer, dim string) string {
	for _, sc := range scores {
		if sc.Scorer == scorer && sc.Dimension == dim {
			return strconv.FormatFloat(sc.Value, 'g', -1, 64)
		}
	}
	return ""
}
