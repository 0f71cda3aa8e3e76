package report

import (
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Grouped by model, two models are one column whichever seat each sat
// in, named in name order, and each seat's figures stay with the model
// that sat there: "seat 0" of the column "a vs b" is a's. Not grouped by
// model, the seats are the seats.
func TestPairingOneColumnWhicheverSeat(t *testing.T) {
	episode := func(seats [2]string, seat0, seat1 float64) Episode {
		return Episode{Family: scenario.Sotopia, Mode: view.Agents, Ended: true, Completed: true, Scenario: "sotopia/x",
			Seats: seats, Model: seats[0] + " vs " + seats[1],
			Metrics: map[string]float64{metrics.GoalCompletionSeat0: seat0, metrics.GoalCompletionSeat1: seat1, metrics.Turns: 4}}
	}
	// a scores 8 and 6 in the two episodes, b 2 and 4, whichever seat.
	eps := []Episode{episode([2]string{"a", "b"}, 8, 2), episode([2]string{"b", "a"}, 4, 6)}
	r := groupedReport(t, eps, "model")
	if len(r.Groups) != 1 || r.Groups[0].Model != "a vs b" || r.Groups[0].Episodes != 2 {
		t.Fatalf("groups %+v", r.Groups)
	}
	st := r.Groups[0].Stats
	for key, want := range map[string]float64{metrics.GoalCompletionSeat0: 7, metrics.GoalCompletionSeat1: 3, metrics.Turns: 4} {
		if st[key].Mean != want {
			t.Errorf("by model: %s %v, want %v", key, st[key].Mean, want)
		}
	}
	if eps[1].Metrics[metrics.GoalCompletionSeat0] != 4 {
		t.Error("grouping changed the episode's own figures")
	}
	plain := Aggregate(eps).Groups[0].Stats
	if plain[metrics.GoalCompletionSeat0].Mean != 6 || plain[metrics.GoalCompletionSeat1].Mean != 4 {
		t.Errorf("by seat: seat 0 %v, seat 1 %v", plain[metrics.GoalCompletionSeat0].Mean, plain[metrics.GoalCompletionSeat1].Mean)
	}
}

// Every per-seat figure's key has the other seat's: a seat0 key becomes
// seat1 and back, and a key of no seat stays.
func TestOtherSeat(t *testing.T) {
	for key, want := range map[string]string{
		metrics.GoalCompletionSeat0:             metrics.GoalCompletionSeat1,
		metrics.WordsPerTurnSeat1:               metrics.WordsPerTurnSeat0,
		metrics.JudgeSeatKey(0, "goal"):         metrics.JudgeSeatKey(1, "goal"),
		metrics.ImportedJudgeSeatKey(1, "goal"): metrics.ImportedJudgeSeatKey(0, "goal"),
		metrics.Turns:                           metrics.Turns,
	} {
		if got := otherSeat(key); got != want {
			t.Errorf("%s: %s, want %s", key, got, want)
		}
	}
}
