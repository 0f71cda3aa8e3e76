package report

import (
	"maps"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
)

// Figures returns what a report aggregates for one run: the ending's
// metrics, plus the token totals of its model calls, the calls a reply
// cache answered, and the judge's scores
// averaged over both seats. The judge's goal score stays apart from the
// goal completion a family's rule gives (JudgeGoal): a free-form
// scenario, whose goals no rule can check, has only the judge's.
func Figures(end event.Ending) map[string]float64 {
	m := maps.Clone(end.Metrics)
	if m == nil {
		m = map[string]float64{}
	}
	if u := end.Usage; u != nil {
		m[metrics.TokensPrompt] = float64(u.Prompt)
		m[metrics.TokensCompletion] = float64(u.Completion)
		m[metrics.TokensCached] = float64(u.Cached)
	}
	if c := end.Cache; c != nil {
		m[metrics.CacheHits] = float64(c.Hits)
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
	importedJudgeFigures(m)
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

// Unmeasured are the reasons an ending gives, by metric, for the figures
// its rules could not measure (metrics.NotMeasuredKey).
func Unmeasured(end event.Ending) map[string]string {
	var out map[string]string
	prefix := metrics.NotMeasuredKey("")
	for k, why := range end.Notes {
		if key, ok := strings.CutPrefix(k, prefix); ok && why != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[key] = why
		}
	}
	return out
}
