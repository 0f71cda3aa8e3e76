package mutualfriends

import (
	"math"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

func TestMetrics(t *testing.T) {
	row := Friend{Name: "Jacob Reyes", Values: map[string]string{"school": "Oberlin"}}
	other := Friend{Name: "Nina Park", Values: map[string]string{"school": "Rice"}}
	sc := &scenario.Scenario{Family: scenario.MutualFriends, MaxTurns: 22, Data: &FriendLists{
		Attributes: []string{"school"}, Lists: [2][]Friend{{row, other}, {row}}}}
	history := make([]event.Turn, 12)
	marks := []metrics.Mark{{Turn: 3, Annotation: event.Annotation{Kind: event.FirstMention, FactID: "mutual-friend"}}}
	m := metrics.Compute(sc, history, marks, &event.Ending{Outcome: event.Outcome{Success: true}})
	// 10 - 5 x (12-2)/(22-2) = 7.5; first mention at 3/11.
	if m[metrics.GoalCompletion] != 7.5 || m[metrics.TurnsToSuccess] != 12 || math.Abs(m[metrics.FirstMentionPos]-3.0/11) > 1e-12 {
		t.Errorf("success metrics: %v", m)
	}
	half := metrics.Compute(sc, history, nil, &event.Ending{Outcome: event.Outcome{Terms: Picks{Selections: [2]string{"Jacob Reyes", "Nina Park"}}}})
	if half[metrics.GoalCompletionSeat0] != 5 || half[metrics.GoalCompletionSeat1] != 0 || half[metrics.Success] != 0 {
		t.Errorf("failure metrics: %v", half)
	}
}
