package metrics

import "math"

// GoalKeys are the rule's goal-completion metrics: the mean, then each
// seat's.
var GoalKeys = []string{GoalCompletion, GoalCompletionSeat0, GoalCompletionSeat1}

// SetGoal sets each side's goal-completion score and their mean.
func SetGoal(m map[string]float64, gc [2]float64) {
	m[GoalCompletionSeat0], m[GoalCompletionSeat1] = gc[0], gc[1]
	m[GoalCompletion] = (gc[0] + gc[1]) / 2
}

// Clamp limits v to lo..hi.
func Clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
