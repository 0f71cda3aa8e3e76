package report

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// The slide draws what was measured: no panel of a measure no rule
// could give, nor of zeros; notes name them and say why. The judge's
// dimensions, pooled over the families, have a panel.
func TestChartDrawsWhatWasMeasured(t *testing.T) {
	r := unmeasuredReport()
	c := r.Chart()
	var titles []string
	for _, p := range c.Panels {
		titles = append(titles, p.Title)
		for _, g := range p.Groups {
			if p.Measure.Key == metrics.GoalCompletion && g.Name == string(scenario.DealOrNoDeal) {
				t.Errorf("a goal-completion bar of Deal-or-No-Deal")
			}
		}
		if p.zero() {
			t.Errorf("a panel of zeros: %s", p.Title)
		}
	}
	notes := strings.Join(c.Notes, "\n")
	for _, want := range []string{"not measured: goal completion (rule, 0-10) in 4 episodes: " + unreadWhy, "none in any episode: leaks per episode"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the notes %q do not say %q", notes, want)
		}
	}
	if !strings.Contains(strings.Join(titles, "|"), "words per turn") {
		t.Errorf("panels %v: no words per turn", titles)
	}

	judged := []Episode{}
	for _, f := range []scenario.Family{scenario.Craigslist, scenario.Sotopia} {
		judged = append(judged, Episode{Family: f, Mode: view.Agents, Ended: true, Metrics: map[string]float64{
			metrics.ImportedJudgeSeatKey(0, "believability"): 8, metrics.ImportedJudgeSeatKey(1, "believability"): 6,
			metrics.ImportedJudgeSeatKey(0, "secret"): -2}})
	}
	for i := range judged {
		judged[i].Metrics = Figures(event.Ending{Metrics: judged[i].Metrics})
	}
	var dims *Panel
	for _, p := range Aggregate(judged).Chart().Panels {
		if strings.HasPrefix(p.Title, "imported judge") {
			dims = &p
		}
	}
	if dims == nil || len(dims.Groups) != 2 || dims.Groups[0].Name != "believability" || dims.Groups[0].Bars[0].Stat.Mean != 7 || dims.Groups[0].Bars[0].Stat.N != 2 ||
		dims.Groups[1].Name != "secret" || dims.Groups[1].Bars[0].Stat.Mean != -2 {
		t.Errorf("the imported judge's panel: %+v", dims)
	}
}
