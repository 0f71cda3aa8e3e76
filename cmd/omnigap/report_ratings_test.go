package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/stattest"
)

// dimensionRange is each dimension's range, as Sotopia scores it.
var dimensionRange = map[string][2]float64{"believability": {0, 10}, "relationship": {-5, 5}, "knowledge": {0, 10}, "secret": {-10, 0},
	"social_rules": {-10, 0}, "financial_and_material_benefits": {-5, 5}, "goal": {0, 10}}

// TestReportSetsPeopleBesideAnImportedEvaluator: thirty imported
// episodes scored by an evaluator, each agent rated by two people.
// report --ratings --json gives, for every dimension, the evaluator's
// Pearson correlation and bias against the people's mean equal to the
// figures computed here from the numbers written, and names as
// flattered the two dimensions the evaluator was made to score high.
func TestReportSetsPeopleBesideAnImportedEvaluator(t *testing.T) {
	const n = 30
	flattered := []string{"believability", "knowledge"}
	var eps []sotopiaEpisode
	var pks []string
	rows := map[string][][2]map[string]float64{}
	people := map[string][]float64{} // per dimension, a unit at a time
	judge := map[string][]float64{}
	for e := range n {
		pk := fmt.Sprintf("01TEST%04d", e)
		ep := sotopiaEpisode{pk: pk, models: [2]string{"model-a", "model-b"}}
		if e%2 == 1 {
			ep.models = [2]string{"model-b", "model-a"}
		}
		raters := [][2]map[string]float64{{{}, {}}, {{}, {}}}
		for a := range 2 {
			ep.scores[a] = map[string]float64{}
			for di, d := range dimensions {
				rg := dimensionRange[d]
				mid := math.Round((rg[0] + rg[1]) / 2)
				latent := mid + float64((e*5+a*7+di*3)%7-3)
				second := math.Max(rg[0], math.Min(rg[1], latent+float64((e*3+a+di)%3-1)))
				offset := 0.0
				if slices.Contains(flattered, d) {
					offset = 2.5
				}
				score := math.Max(rg[0], math.Min(rg[1], math.Round(latent+offset+float64((e+di+a*2)%5-2))))
				ep.scores[a][d] = score
				raters[0][a][d], raters[1][a][d] = latent, second
				people[d] = append(people[d], (latent+second)/2)
				judge[d] = append(judge[d], score)
			}
		}
		eps = append(eps, ep)
		pks = append(pks, pk)
		rows[pk] = raters
	}
	recs := importEpisodes(t, eps)
	dir := t.TempDir()
	csvPath, jsonPath := filepath.Join(dir, "ratings.csv"), filepath.Join(dir, "report.json")
	ratingsCSV(t, csvPath, pks, rows)
	out, err := omnigap(t, "report", recs, "--ratings", csvPath, "--json", jsonPath)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var r struct {
		People struct {
			Joined int `json:"episodes_joined"`
			Groups []struct {
				Dimension string                        `json:"dimension"`
				By        map[string]string             `json:"by"`
				Scorers   map[string]map[string]float64 `json:"scorers"`
			} `json:"groups"`
			Flatters []struct {
				Scorer, Dimension string
			} `json:"flatters"`
		} `json:"people"`
	}
	data, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if r.People.Joined != n {
		t.Fatalf("%d episodes joined, want %d:\n%s", r.People.Joined, n, out)
	}
	const evaluator = "judge: imported, gpt-4"
	checked := 0
	for _, g := range r.People.Groups {
		if len(g.By) != 0 {
			continue
		}
		s, ok := g.Scorers[evaluator]
		if !ok {
			t.Fatalf("%s: no %q among %v", g.Dimension, evaluator, g.Scorers)
		}
		wantR, wantBias := stattest.Pearson(judge[g.Dimension], people[g.Dimension]), stattest.Mean(judge[g.Dimension])-stattest.Mean(people[g.Dimension])
		if math.Abs(s["pearson"]-wantR) > 0.01 || math.Abs(s["bias"]-wantBias) > 0.01 || s["n"] != 2*n {
			t.Errorf("%s: pearson %v, bias %v over %v seats; computed here %v, %v over %d", g.Dimension, s["pearson"], s["bias"], s["n"], wantR, wantBias, 2*n)
		}
		checked++
	}
	if checked != len(dimensions) {
		t.Errorf("%d dimensions pooled, want %d", checked, len(dimensions))
	}
	var named []string
	for _, f := range r.People.Flatters {
		if f.Scorer == evaluator {
			named = append(named, f.Dimension)
		}
	}
	if !slices.Equal(named, flattered) {
		t.Errorf("flattered: %v, want %v", named, flattered)
	}
	if !strings.Contains(out, evaluator+": flatters on believability by +") {
		t.Errorf("the report does not name the flattered dimensions:\n%s", out)
	}
}

// card and export --format html take --ratings as report does (a shell's
// pattern expanded after it included), and show each rated seat's
// scores rater by rater; another format refuses them.
func TestCardAndPageTakeRatings(t *testing.T) {
	scores := map[string]float64{"believability": 9, "relationship": 2, "knowledge": 7, "secret": 0, "social_rules": 0,
		"financial_and_material_benefits": 0, "goal": 8}
	recs := importEpisodes(t, []sotopiaEpisode{{pk: "01CARD", models: [2]string{"a", "b"}, scores: [2]map[string]float64{scores, scores}}})
	files, _ := filepath.Glob(filepath.Join(recs, "*.jsonl"))
	dir := t.TempDir()
	one, two := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	rated := func(v float64) map[string][][2]map[string]float64 {
		return map[string][][2]map[string]float64{"01CARD": {{scores, map[string]float64{"goal": v, "believability": 5}}}}
	}
	ratingsCSV(t, one, []string{"01CARD"}, rated(3))
	ratingsCSV(t, two, []string{"01CARD"}, rated(4))
	out, err := omnigap(t, "card", files[0], "--ratings", one, two)
	if err != nil || !strings.Contains(out, "## People beside the judge") || !strings.Contains(out, "| judge: imported, gpt-4 | rater-01 |") ||
		!strings.Contains(out, "| goal (0..10) | 8 | 3, 4 |") {
		t.Errorf("card --ratings: %v\n%s", err, out)
	}
	page := filepath.Join(dir, "page.html")
	if out, err := omnigap(t, "export", "--format", "html", files[0], "--ratings", one, "--out", page); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if html, _ := os.ReadFile(page); !strings.Contains(string(html), `data-rater="rater-01"`) {
		t.Errorf("the page has no ratings")
	}
	if _, err := omnigap(t, "export", "--format", "sotopia", files[0], "--ratings", one); err == nil || !strings.Contains(err.Error(), "--ratings applies to --format html only") {
		t.Errorf("export --format sotopia --ratings: %v", err)
	}
}

// replay --episode reads --ratings as replay of every recording does, so
// the opened episode's scores panel has the people's: a ratings file that
// cannot be read is an error naming it, never passed over.
func TestReplayOfOneEpisodeReadsTheRatings(t *testing.T) {
	recs := importEpisodes(t, []sotopiaEpisode{{pk: "01ONE", models: [2]string{"a", "b"}}})
	missing := filepath.Join(t.TempDir(), "ratings.csv")
	_, err := omnigap(t, "replay", recs, "--episode", "01ONE", "--turn", "1", "--ratings", missing)
	if err == nil || !strings.Contains(err.Error(), "--ratings: ") || !strings.Contains(err.Error(), missing) {
		t.Errorf("replay --episode with a missing ratings file: %v", err)
	}
}
