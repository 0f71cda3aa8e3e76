package report

import (
	"maps"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

// runFigures returns what a report aggregates for one run: the ending's
// metrics, plus the token totals of its model calls and the judge's scores
// averaged over both seats. For a family whose goals no rule can check
// (free-form), the judge's goal score is the goal completion.
func runFigures(name scenario.Family, end event.Ending) map[string]float64 {
	f := family.Of(name)
	m := maps.Clone(end.Metrics)
	if m == nil {
		m = map[string]float64{}
	}
	if u := end.Usage; u != nil {
		m[metrics.TokensPrompt] = float64(u.Prompt)
		m[metrics.TokensCompletion] = float64(u.Completion)
		m[metrics.TokensCached] = float64(u.Cached)
	}
	for _, dim := range judgeKeys() {
		sum, n := 0.0, 0
		for seat := 0; seat < 2; seat++ {
			if v, ok := m[metrics.JudgeSeatKey(seat, dim)]; ok {
				sum, n = sum+v, n+1
			}
		}
		if n > 0 {
			m[metrics.JudgeKey(dim)] = sum / float64(n)
		}
	}
	if g, ok := m[metrics.JudgeKey("goal")]; ok && f != nil && f.GoalByJudge() {
		m[metrics.GoalCompletion] = g
	}
	return m
}

// judgeKeys are the judge's dimensions and their overall mean.
func judgeKeys() []string {
	keys := make([]string, 0, len(metrics.JudgeDimensions)+1)
	for _, d := range metrics.JudgeDimensions {
		keys = append(keys, d.Key)
	}
	return append(keys, "overall")
}
