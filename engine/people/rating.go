package people

import (
	"fmt"
	"slices"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/metrics"
)

// Rating is one person's score of one agent of one episode on one
// Sotopia dimension, with the reason they gave.
type Rating struct {
	// Episode is the source's id of the episode (Sotopia's pk), or an
	// omnigap run's id.
	Episode string
	// The agent is named one way: Agent, its number in the source (1 or
	// 2, agent 1 the first of the episode's agents); Seat, omnigap's
	// seat (0 or 1); or Name, the character's name. Agent and Seat are
	// -1 when not given. A CSV rating by number also carries the names
	// its file gives (Names), used when the recording cannot say which
	// seat each agent sat in.
	Agent, Seat int
	Name        string
	Names       []string
	// Rater is the rater's id as the file gives it (never looked up).
	Rater     string
	Dimension string
	Score     float64
	Reason    string
	// At is where the rating is: its file and line.
	At interop.Position
}

// who names the agent a rating is of, for messages.
func (r Rating) who() string {
	switch {
	case r.Agent > 0:
		return fmt.Sprintf("agent %d", r.Agent)
	case r.Seat >= 0:
		return fmt.Sprintf("seat %d", r.Seat)
	}
	return r.Name
}

// dimension is the Sotopia dimension of key, if it is one.
func dimension(key string) (metrics.JudgeDimension, bool) {
	i := slices.IndexFunc(metrics.JudgeDimensions, func(d metrics.JudgeDimension) bool { return d.Key == key })
	if i < 0 {
		return metrics.JudgeDimension{}, false
	}
	return metrics.JudgeDimensions[i], true
}

// checkScore refuses a score outside its dimension's range.
func checkScore(d metrics.JudgeDimension, v float64) error {
	if v < d.Min || v > d.Max || v != v {
		return fmt.Errorf("%g is outside %s's range %g..%g", v, d.Key, d.Min, d.Max)
	}
	return nil
}

// dimensionRank is a dimension's place in metrics.JudgeDimensions.
func dimensionRank(key string) int {
	return slices.IndexFunc(metrics.JudgeDimensions, func(d metrics.JudgeDimension) bool { return d.Key == key })
}
