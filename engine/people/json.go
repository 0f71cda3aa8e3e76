package people

import (
	"encoding/json"
	"io"

	"github.com/omnigap/omnigap/engine/agree"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// The JSON of a study's figures (report --json's "people", docs/METRICS.md):
// a figure that cannot be measured is null, and not_measured says why.
type (
	tableJSON struct {
		Summary
		Groups   []groupJSON `json:"groups"`
		Flatters []leanJSON  `json:"flatters"`
		Harsher  []leanJSON  `json:"harsher"`
	}
	groupJSON struct {
		Dimension   string                `json:"dimension"`
		By          map[string]string     `json:"by"`
		Raters      statJSON              `json:"raters"`
		Alpha       alphaJSON             `json:"alpha"`
		Scorers     map[string]scorerJSON `json:"scorers"`
		NotMeasured map[string]string     `json:"not_measured,omitempty"`
	}
	statJSON struct {
		Mean *float64 `json:"mean"`
		Lo   *float64 `json:"ci95_lo"`
		Hi   *float64 `json:"ci95_hi"`
		N    int      `json:"n"`
	}
	alphaJSON struct {
		Value *float64 `json:"value"`
		Lo    *float64 `json:"ci95_lo"`
		Hi    *float64 `json:"ci95_hi"`
		N     int      `json:"n"`
	}
	scorerJSON struct {
		Mean        *float64          `json:"mean"`
		Bias        *float64          `json:"bias"`
		BiasLo      *float64          `json:"bias_ci95_lo"`
		BiasHi      *float64          `json:"bias_ci95_hi"`
		Pearson     *float64          `json:"pearson"`
		PearsonLo   *float64          `json:"pearson_ci95_lo"`
		PearsonHi   *float64          `json:"pearson_ci95_hi"`
		Spearman    *float64          `json:"spearman"`
		SpearmanLo  *float64          `json:"spearman_ci95_lo"`
		SpearmanHi  *float64          `json:"spearman_ci95_hi"`
		MAE         float64           `json:"mae"`
		N           int               `json:"n"`
		NotMeasured map[string]string `json:"not_measured,omitempty"`
	}
	leanJSON struct {
		Scorer    string   `json:"scorer"`
		Dimension string   `json:"dimension"`
		Bias      float64  `json:"bias"`
		Lo        *float64 `json:"bias_ci95_lo"`
		Hi        *float64 `json:"bias_ci95_hi"`
	}
)

// figures are an estimate's value and interval as JSON numbers, null
// where not measured, and why into notes under key.
func figures(e agree.Estimate, key string, notes map[string]string) (v, lo, hi *float64) {
	if !e.Measured() {
		notes[key] = e.Missing
		return nil, nil, nil
	}
	v = &e.Value
	if !e.HasInterval() {
		notes[key+"_ci95"] = e.NoInterval
		return v, nil, nil
	}
	return v, &e.Lo, &e.Hi
}

func (g Group) json() groupJSON {
	j := groupJSON{Dimension: g.Dimension, By: map[string]string{}, Scorers: map[string]scorerJSON{}, NotMeasured: map[string]string{}}
	if g.By.Model != "" {
		j.By["model"] = g.By.Model
	}
	if g.By.Mode != "" {
		j.By["mode"] = g.By.Mode
	}
	j.Raters.Mean, j.Raters.Lo, j.Raters.Hi = figures(g.Raters, "raters", j.NotMeasured)
	j.Raters.N = g.Raters.N
	j.Alpha.Value, j.Alpha.Lo, j.Alpha.Hi = figures(g.Alpha, "alpha", j.NotMeasured)
	j.Alpha.N = g.Alpha.N
	for _, s := range g.Scorers {
		sj := scorerJSON{MAE: s.MAE, N: s.N, NotMeasured: map[string]string{}}
		sj.Mean, _, _ = figures(s.Mean, "mean", map[string]string{})
		sj.Bias, sj.BiasLo, sj.BiasHi = figures(s.Bias, "bias", sj.NotMeasured)
		sj.Pearson, sj.PearsonLo, sj.PearsonHi = figures(s.Pearson, "pearson", sj.NotMeasured)
		sj.Spearman, sj.SpearmanLo, sj.SpearmanHi = figures(s.Spearman, "spearman", sj.NotMeasured)
		if len(sj.NotMeasured) == 0 {
			sj.NotMeasured = nil
		}
		j.Scorers[s.Name] = sj
	}
	if len(j.NotMeasured) == 0 {
		j.NotMeasured = nil
	}
	return j
}

func leansJSON(ls []Lean) []leanJSON {
	out := []leanJSON{}
	for _, l := range ls {
		lo, hi := l.Bias.Lo, l.Bias.Hi
		out = append(out, leanJSON{Scorer: l.Scorer, Dimension: l.Dimension, Bias: l.Bias.Value, Lo: &lo, Hi: &hi})
	}
	return out
}

// JSON is the study's figures as report --json writes them under
// "people".
func (s *Study) JSON() any {
	t := s.Table()
	j := tableJSON{Summary: s.Summary(), Groups: []groupJSON{}, Flatters: leansJSON(t.Flatters), Harsher: leansJSON(t.Harsher)}
	for _, g := range t.Groups {
		j.Groups = append(j.Groups, g.json())
	}
	return j
}

// WriteReportJSON writes the report as report.Report.WriteJSON does,
// with the study's figures under "people" (none when s is nil).
func WriteReportJSON(w io.Writer, r report.Report, s *Study) error {
	if s == nil {
		return r.WriteJSON(w)
	}
	enc := json.NewEncoder(textsafe.JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		report.Report
		People any `json:"people"`
	}{r, s.JSON()})
}
