package report

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
)

// importedJudgeMeasures are the rows of another tool's judge, imported
// with its episodes (Sotopia's evaluator), both seats' mean: labelled
// with their source and never pooled with omnigap's own judge.
func importedJudgeMeasures() []Measure {
	var out []Measure
	for _, d := range metrics.JudgeDimensions {
		out = append(out, Measure{Key: metrics.ImportedJudgeKey(d.Key), Label: fmt.Sprintf("judge: imported, %s (%g..%g)", strings.ReplaceAll(d.Key, "_", " "), d.Min, d.Max),
			Range: judgeRange(d.Key)})
	}
	return append(out, Measure{Key: metrics.ImportedJudgeKey("overall"), Label: "judge: imported, overall", Range: judgeRange("overall")})
}

// importedJudgeFigures adds to m the mean of both seats' imported scores
// on each dimension.
func importedJudgeFigures(m map[string]float64) {
	for _, dim := range judgeKeys() {
		sum, n := 0.0, 0
		for seat := 0; seat < 2; seat++ {
			if v, ok := m[metrics.ImportedJudgeSeatKey(seat, dim)]; ok {
				sum, n = sum+v, n+1
			}
		}
		if n > 0 {
			m[metrics.ImportedJudgeKey(dim)] = sum / float64(n)
		}
	}
}
