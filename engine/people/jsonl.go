package people

import (
	"context"
	"io"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/metrics"
)

// jsonRating is a line of the plain form (docs/METRICS.md): the
// episode's id, the agent by seat (0 or 1) or by name, the rater, the
// dimension, the score and the reason.
type jsonRating struct {
	Episode   string   `json:"episode"`
	Seat      *int     `json:"seat"`
	Agent     string   `json:"agent"`
	Rater     string   `json:"rater"`
	Dimension string   `json:"dimension"`
	Score     *float64 `json:"score"`
	Reason    string   `json:"reason"`
}

// maxLineBytes bounds one line of the plain form.
const maxLineBytes = 1 << 20

// readJSONL reads the plain form into rs, one rating a line; a line that
// cannot be read is a Problem naming its field.
func (rs *Ratings) readJSONL(ctx context.Context, r io.Reader, file string) error {
	problem := func(p interop.Problem) { rs.Problems = append(rs.Problems, p) }
	return interop.Records(ctx, r, file, maxLineBytes, problem, func(at interop.Position, line []byte) error {
		rs.Rows++
		var j jsonRating
		if err := interop.DecodeJSON(line, &j); err != nil {
			return err
		}
		rating, err := j.rating(at)
		if err != nil {
			return err
		}
		rs.add([]Rating{rating})
		return nil
	})
}

// rating checks a line's fields and makes its rating.
func (j jsonRating) rating(at interop.Position) (Rating, error) {
	r := Rating{Episode: strings.TrimSpace(j.Episode), Agent: -1, Seat: -1, Name: strings.TrimSpace(j.Agent),
		Rater: strings.TrimSpace(j.Rater), Dimension: strings.TrimSpace(j.Dimension), Reason: strings.TrimSpace(j.Reason), At: at}
	d, known := dimension(r.Dimension)
	switch {
	case r.Episode == "":
		return r, interop.Fieldf("episode", "missing")
	case j.Seat == nil && r.Name == "":
		return r, interop.Fieldf("seat", "missing: give the seat (0 or 1) or the agent's name")
	case j.Seat != nil && r.Name != "":
		return r, interop.Fieldf("agent", "give the seat or the agent's name, not both")
	case j.Seat != nil && *j.Seat != 0 && *j.Seat != 1:
		return r, interop.Fieldf("seat", "must be 0 or 1 (got %d)", *j.Seat)
	case r.Rater == "":
		return r, interop.Fieldf("rater", "missing")
	case !known:
		return r, interop.Fieldf("dimension", "%q is none of the seven (%s)", clip(r.Dimension), dimensionNames())
	case j.Score == nil:
		return r, interop.Fieldf("score", "missing")
	}
	if err := checkScore(d, *j.Score); err != nil {
		return r, interop.Fieldf("score", "%v", err)
	}
	if j.Seat != nil {
		r.Seat = *j.Seat
	}
	r.Score = *j.Score
	return r, nil
}

// dimensionNames lists the seven dimensions' keys.
func dimensionNames() string {
	var names []string
	for _, d := range metrics.JudgeDimensions {
		names = append(names, d.Key)
	}
	return strings.Join(names, ", ")
}
