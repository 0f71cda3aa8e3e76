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

// A dialogue in words whose selections no rule reads: success, the turns
// it took and goal completion are absent, each with a note that says
// why, and the first mention, which the annotations give, is measured.
func TestMetricsOfAnUnreadOutcome(t *testing.T) {
	row := Friend{Name: "Jacob Reyes", Values: map[string]string{"school": "Oberlin"}}
	sc := &scenario.Scenario{Family: scenario.MutualFriends, MaxTurns: 22, Data: &FriendLists{
		Attributes: []string{"school"}, Lists: [2][]Friend{{row}, {row}}}}
	marks := []metrics.Mark{{Turn: 2, Annotation: event.Annotation{Kind: event.FirstMention, FactID: "mutual-friend"}}}
	why := "the rule cannot read who was selected from free text"
	end := &event.Ending{Outcome: event.Outcome{Reading: &event.Reading{NotMeasured: why}}}
	m := metrics.Compute(sc, make([]event.Turn, 5), marks, end)
	for _, k := range []string{metrics.Success, metrics.TurnsToSuccess, metrics.GoalCompletion, metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1} {
		if v, ok := m[k]; ok {
			t.Errorf("%s = %v, want it absent", k, v)
		}
		if got := end.Notes[metrics.NotMeasuredKey(k)]; got != why {
			t.Errorf("note on %s: %q, want %q", k, got, why)
		}
	}
	if m[metrics.FirstMentionPos] != 0.5 {
		t.Errorf("first mention %v, want 0.5", m[metrics.FirstMentionPos])
	}
}
