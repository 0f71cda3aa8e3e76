package mutualfriends

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Metrics sets success, the turns it took, the first mention of the
// mutual friend and the goal-completion scores.
//
// Goal completion per side: when both selected the mutual friend,
// 10 - 5 x (turns - 2) / (max turns - 2), clamped to 5..10 (two turns is
// the fastest possible success); otherwise 5 for a side that selected the
// mutual friend and 0 for one that did not. When no rule read the
// outcome (a dialogue in words only), only the first mention, which the
// annotations give, is measured.
func (Family) Metrics(m map[string]float64, sc *scenario.Scenario, ep family.Episode) {
	lists := ListsOf(sc)
	if lists == nil {
		return
	}
	for _, mk := range ep.Marks {
		if mk.Kind == event.FirstMention && mk.FactID == MutualFriendFact {
			m[metrics.FirstMentionPos] = metrics.Position(mk.Turn, ep.Turns)
			break
		}
	}
	if ep.NotMeasured(append([]string{metrics.Success, metrics.TurnsToSuccess}, metrics.GoalKeys...)...) {
		return
	}
	out := ep.Outcome
	picks, _ := out.Terms.(Picks)
	m[metrics.Success] = metrics.Flag(out.Success)
	var gc [2]float64
	if out.Success {
		m[metrics.TurnsToSuccess] = float64(ep.Turns)
		score := 10.0
		if span := float64(sc.MaxTurns - 2); span > 0 {
			score = 10 - 5*float64(ep.Turns-2)/span
		}
		gc = [2]float64{metrics.Clamp(score, 5, 10), metrics.Clamp(score, 5, 10)}
	} else if i, _ := lists.Mutual(); i >= 0 {
		name := lists.Lists[0][i].Name
		for seat := range gc {
			if picks.Selections[seat] == name {
				gc[seat] = 5
			}
		}
	}
	metrics.SetGoal(m, gc)
}

// Measures are the success rate, the first mention of the mutual friend
// and the turns a success took.
func (Family) Measures() []family.Measure {
	return []family.Measure{
		{Key: metrics.Success, Label: "success rate", Rate: true, Max: 1},
		{Key: metrics.FirstMentionPos, Label: "first-mention position", Max: 1},
		{Key: metrics.TurnsToSuccess, Label: "turns to success"},
	}
}
