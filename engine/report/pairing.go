package report

import (
	"strings"
)

// byPairing is ep as a report grouped by model counts it: two models are
// one pairing whichever seat each sat in, named in name order ("A vs
// B"), and a figure of one seat (a metric named for seat0 or seat1)
// stays with the model that sat there: in the column "A vs B" seat 0 is
// A's and seat 1 B's, whatever seat A had in the episode.
func byPairing(ep Episode) Episode {
	a, b := ep.Seats[0], ep.Seats[1]
	if a == b || a < b {
		return ep
	}
	ep.Seats = [2]string{b, a}
	ep.Model = b + " vs " + a
	swapped := make(map[string]float64, len(ep.Metrics))
	for k, v := range ep.Metrics {
		swapped[otherSeat(k)] = v
	}
	ep.Metrics = swapped
	return ep
}

// otherSeat is the key of the other seat's figure of a per-seat metric
// (goal_completion_seat0, judge.seat1.goal), or key itself.
func otherSeat(key string) string {
	switch {
	case strings.Contains(key, "seat0"):
		return strings.Replace(key, "seat0", "seat1", 1)
	case strings.Contains(key, "seat1"):
		return strings.Replace(key, "seat1", "seat0", 1)
	}
	return key
}
