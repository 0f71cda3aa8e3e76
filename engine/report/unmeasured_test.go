package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// unreadWhy is the reason the imported Deal-or-No-Deal episodes give.
const unreadWhy = "the division rule cannot read the outcome from free text"

// unmeasuredReport aggregates imported episodes: Craigslist ones whose
// deals were read, Deal-or-No-Deal ones whose rule had nothing to read.
func unmeasuredReport() Report {
	var eps []Episode
	for i := range 4 {
		end := event.Ending{Metrics: map[string]float64{metrics.Deal: float64(i % 2), metrics.GoalCompletion: float64(2 * i), metrics.Leaks: 0, metrics.WordsPerTurn: 20}}
		eps = append(eps, FromRun("c", &scenario.Scenario{Family: scenario.Craigslist}, view.Agents, nil, end, 0))
		end = event.Ending{Metrics: map[string]float64{metrics.Leaks: 0, metrics.WordsPerTurn: 30},
			Notes: map[string]string{metrics.NotMeasuredKey(metrics.GoalCompletion): unreadWhy, metrics.NotMeasuredKey("agreement"): unreadWhy}}
		eps = append(eps, FromRun("d", &scenario.Scenario{Family: scenario.DealOrNoDeal}, view.Agents, nil, end, 0))
	}
	return Aggregate(eps)
}

// A measure no episode of a column could give is "not measured" and
// why, never 0.00, in the table, the JSON and the CSV; one some episodes
// of a column gave says over how many (the headline's goal completion).
func TestNotMeasuredIsSaidNotZero(t *testing.T) {
	r := unmeasuredReport()
	var table strings.Builder
	if err := r.WriteTable(&table, TableWidth); err != nil {
		t.Fatal(err)
	}
	s := table.String()
	dond := s[strings.Index(s, "dealornodeal: episodes"):]
	for _, want := range []string{"goal completion (rule, 0-10)  3.00 [0.00, 7.11] (n=4)", "goal completion (rule, 0-10) in 4 episodes: the division rule",
		"agreement rate", "not measured: the division rule cannot read the outcome from free"} {
		if !strings.Contains(strings.Join(strings.Fields(s), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the table does not say %q:\n%s", want, s)
		}
	}
	for _, line := range strings.Split(dond, "\n") {
		if strings.HasPrefix(line, "goal completion (rule, 0-10)") && !strings.HasSuffix(line, "not measured") {
			t.Errorf("the Deal-or-No-Deal goal completion reads %q", line)
		}
	}

	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	for _, g := range back.Of(scenario.DealOrNoDeal) {
		if _, ok := g.Stats[metrics.GoalCompletion]; ok {
			t.Errorf("the JSON has a goal completion of Deal-or-No-Deal: %v", g.Stats[metrics.GoalCompletion])
		}
		if n := g.NotMeasured[metrics.GoalCompletion]; n.Episodes != 4 || n.Why != unreadWhy {
			t.Errorf("the JSON's not_measured: %+v", g.NotMeasured)
		}
	}
	if n := back.Headline.Groups[0].NotMeasured[metrics.GoalCompletion]; n.Episodes != 4 {
		t.Errorf("the headline's not_measured: %+v", back.Headline.Groups[0].NotMeasured)
	}

	var c bytes.Buffer
	if err := r.WriteCSV(&c); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if h := rows[0]; h[len(h)-2] != "not_measured" || h[len(h)-1] != "not_measured_why" {
		t.Errorf("CSV header %v", h)
	}
	found := false
	for _, row := range rows {
		if row[0] == "dealornodeal" && row[3] == metrics.GoalCompletion {
			found = true
			if row[4] != "0" || row[5] != "" || row[8] != "4" || row[9] != unreadWhy {
				t.Errorf("CSV row %v", row)
			}
		}
	}
	if !found {
		t.Errorf("no CSV row of the unmeasured goal completion: %v", rows)
	}
}

// A report with every figure measured has no not-measured column or
// note: what it wrote before.
func TestMeasuredReportSaysNothingOfIt(t *testing.T) {
	r := Aggregate([]Episode{{Family: scenario.Craigslist, Mode: view.Agents, Ended: true, Metrics: map[string]float64{metrics.Deal: 1}}})
	var c, table strings.Builder
	if err := r.WriteCSV(&c); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteTable(&table, TableWidth); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(c.String(), "not_measured") || strings.Contains(table.String(), "not measured") {
		t.Errorf("a measured report speaks of not measured:\n%s\n%s", c.String(), table.String())
	}
}

// A scorer's figure over some of a column's episodes (an imported
// evaluator that scored only some) says over how many it is; a price
// over the deals keeps the table as it was.
func TestScorersFigureSaysItsN(t *testing.T) {
	g := Group{Episodes: 38, Stats: map[string]Stat{
		metrics.ImportedJudgeKey("goal"): {N: 2, Mean: 1.25, Lo: 0, Hi: 10},
		metrics.PriceFraction:            {N: 6, Mean: 0.81, Lo: 0.72, Hi: 0.9},
	}}
	if got := cell(g, metrics.ImportedJudgeKey("goal")).String(); !strings.Contains(got, "(n=2)") {
		t.Errorf("imported evaluator over 2 of 38 episodes: %q", got)
	}
	if got := cell(g, metrics.PriceFraction).String(); strings.Contains(got, "(n=") {
		t.Errorf("a price over the deals: %q", got)
	}
}
