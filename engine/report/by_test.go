package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// twoModels are episodes of two models on the same scenarios and seeds:
// model b's goal completion is model a's less 2 (SCRIPT) or less 1
// (AGENTS), seed by seed; seed 6 only model a played.
func twoModels() []Episode {
	var eps []Episode
	for seed := int64(1); seed <= 6; seed++ {
		for _, model := range []string{"openai:a", "openai:b"} {
			if seed == 6 && model == "openai:b" {
				continue
			}
			for _, mode := range []view.Mode{view.Script, view.Agents} {
				gc := float64(seed)
				if mode == view.Script {
					gc += 3
				}
				if model == "openai:b" {
					gc -= map[view.Mode]float64{view.Script: 2, view.Agents: 1}[mode]
				}
				eps = append(eps, Episode{Family: scenario.Craigslist, Mode: mode, Ended: true, Completed: true,
					Scenario: "craigslist/gen-1", Model: model, Study: "out/" + model[len(model)-1:], Pair: PairKey("craigslist/gen-1", seed),
					Metrics: map[string]float64{metrics.GoalCompletion: gc, metrics.Turns: 10}})
			}
		}
	}
	return eps
}

func groupedReport(t *testing.T, eps []Episode, by ...string) Report {
	t.Helper()
	dims, err := ParseDims(by)
	if err != nil {
		t.Fatal(err)
	}
	a := NewAggregator(dims)
	for _, ep := range eps {
		a.Add(ep)
	}
	return a.Report()
}

// ParseDims keeps the order given, puts mode last unless it is named,
// treats family and mode alone as the default grouping and refuses
// anything else.
func TestParseDims(t *testing.T) {
	for in, want := range map[string][]Dim{
		"model":          {ByModel, ByMode},
		"mode,model":     {ByMode, ByModel},
		"study,model":    {ByStudy, ByModel, ByMode},
		"family":         nil,
		"family,mode":    nil,
		"scenario,study": {ByScenario, ByStudy, ByMode},
		"prompt":         {ByPrompt, ByMode},
	} {
		got, err := ParseDims([]string{in})
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("--by %s: %v %v, want %v", in, got, err, want)
		}
	}
	if _, err := ParseDims([]string{"model,temperature"}); err == nil || !strings.Contains(err.Error(), "--by temperature") {
		t.Errorf("an unknown dimension: %v", err)
	}
}

// --by model: a group per model and mode, the modes of each model's
// group side by side; the models compared mode by mode over the seeds
// both played, in the table, the CSV, the JSON and the SVG.
func TestReportByModelComparesTheModels(t *testing.T) {
	r := groupedReport(t, twoModels(), "model")
	var cols []string
	for _, g := range r.Groups {
		cols = append(cols, g.Model+" "+string(g.Mode))
	}
	if want := []string{"openai:a script", "openai:a agents", "openai:b script", "openai:b agents"}; !slices.Equal(cols, want) {
		t.Fatalf("groups %v, want %v", cols, want)
	}
	if g := r.Groups[0]; g.Episodes != 6 || g.Stats[metrics.GoalCompletion].Mean != 6.5 {
		t.Errorf("model a SCRIPT: %d episodes, goal %v", g.Episodes, g.Stats[metrics.GoalCompletion])
	}
	across := map[view.Mode]Paired{}
	within := 0
	for _, p := range r.Paired {
		if p.Key != metrics.GoalCompletion {
			continue
		}
		if p.Across() {
			if p.FirstOf.Model != "openai:a" || p.SecondOf.Model != "openai:b" || p.First != p.Second {
				t.Errorf("comparison %+v, want a - b in one mode", p)
			}
			across[p.First] = p
		} else if p.First == view.Script && p.Second == view.Agents {
			within++
		}
	}
	// Five seeds both played: the differences are exactly 2 and 1.
	if p := across[view.Script]; p.N != 5 || p.Mean != 2 || p.Lo != 2 || p.Hi != 2 {
		t.Errorf("SCRIPT a - b = %+v, want 2 over 5 pairs", p)
	}
	if p := across[view.Agents]; p.N != 5 || p.Mean != 1 {
		t.Errorf("AGENTS a - b = %+v, want 1 over 5 pairs", p)
	}
	if within != 2 {
		t.Errorf("%d SCRIPT - AGENTS differences of goal completion, want one per model", within)
	}

	var table strings.Builder
	if err := r.WriteTable(&table, wide); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(table.String(), "\n")
	// The first heading line names each model once, over its modes.
	if strings.Count(lines[1], "openai:a") != 1 || strings.Count(lines[1], "openai:b") != 1 || !strings.Contains(lines[2], "SCRIPT") {
		t.Errorf("headings:\n%s", table.String())
	}
	for _, want := range []string{"episodes by model, mode", "openai:a - openai:b", "+2.00 [+2.00, +2.00]", "+1.00 [", "SCRIPT - AGENTS"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, table.String())
		}
	}

	var b bytes.Buffer
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"row", "family", "model", "mode", "episodes", "metric", "n", "mean", "ci95_lo", "ci95_hi"}; !slices.Equal(rows[0], want) {
		t.Fatalf("CSV header %v, want %v", rows[0], want)
	}
	found := false
	for _, row := range rows[1:] {
		if row[0] == "paired" && row[2] == "openai:a - openai:b" && row[3] == "script" && row[5] == metrics.GoalCompletion {
			found = row[6] == "5" && row[7] == "2"
		}
	}
	if !found {
		t.Errorf("no paired row of the models' SCRIPT goal completion:\n%v", rows)
	}

	b.Reset()
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.By, []Dim{ByModel, ByMode}) || back.Groups[2].Model != "openai:b" || len(back.Paired) != len(r.Paired) {
		t.Errorf("JSON read back: by %v, group %+v", back.By, back.Groups[2])
	}

	// The slide's chart: a panel of the paired differences between the
	// models, and each model's bars named.
	var chart []string
	for _, p := range r.Chart().Panels {
		chart = append(chart, p.Title)
		for _, g := range p.Groups {
			chart = append(chart, g.Name)
		}
	}
	for _, want := range []string{goalRuleLabel + ": paired difference", "craigslist: openai:a - openai:b", "craigslist · openai:b"} {
		if !slices.Contains(chart, want) {
			t.Errorf("the chart lacks %q: %q", want, chart)
		}
	}
}

// Grouping by two dimensions compares along each: with one study per
// model here, --by study,model finds the study differences and no model
// differences (no two groups differ in the model alone).
func TestReportByTwoDimensions(t *testing.T) {
	r := groupedReport(t, twoModels(), "study,model")
	for _, p := range r.Paired {
		if p.Across() && p.FirstOf.Model != p.SecondOf.Model && p.FirstOf.Study == p.SecondOf.Study {
			t.Errorf("a model difference within one study: %+v", p)
		}
	}
	var table strings.Builder
	if err := r.WriteTable(&table, TableWidth); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "episodes by study, model, mode") {
		t.Errorf("table:\n%s", table.String())
	}
	for _, line := range strings.Split(table.String(), "\n") {
		if len(line) > TableWidth {
			t.Errorf("a line of %d columns: %q", len(line), line)
		}
	}
}

// Without --by the report is the one it always was: no split, no episodes
// row, paired differences between modes only.
func TestDefaultGroupingIsUnchanged(t *testing.T) {
	eps := twoModels()
	r := Aggregate(eps)
	if len(r.Groups) != 2 || r.By != nil {
		t.Fatalf("%d groups, by %v", len(r.Groups), r.By)
	}
	for _, p := range r.Paired {
		if p.Across() || p.FirstOf != (Split{}) {
			t.Errorf("paired %+v", p)
		}
	}
	g := r.Groups[0]
	var sum float64
	for _, ep := range eps {
		if ep.Mode == view.Script {
			sum += ep.Metrics[metrics.GoalCompletion]
		}
	}
	if math.Abs(g.Stats[metrics.GoalCompletion].Mean-sum/11) > 1e-12 {
		t.Errorf("pooled SCRIPT goal completion %v, want %v", g.Stats[metrics.GoalCompletion].Mean, sum/11)
	}
}
