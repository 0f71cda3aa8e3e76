package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/shareddata"
	"github.com/omnigap/omnigap/internal/stattest"
)

// TestSharedRatingsJoinTheirEpisodes: Sotopia-PI's people rated the
// shared GPT-3.5 against Mistral-7B-Instruct episodes; imported, every
// one of them is joined by its pk, agent 1 found whichever seat it sat
// in (both happen among them), and the people's mean per dimension and
// model equals the one computed here from the published file and the
// episodes' own list of models.
func TestSharedRatingsJoinTheirEpisodes(t *testing.T) {
	paths := shareddata.Paths(t, "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-MistralInstruct", "sotopia-episodes/sotopia-pi-human-eval/ratings/mistral-instruct_final.csv", "sotopia")
	folder, ratings, profiles := paths[0], paths[1], paths[2]
	dir := t.TempDir()
	recs, jsonPath := filepath.Join(dir, "recordings"), filepath.Join(dir, "report.json")
	if out, err := omnigap(t, "episodes", "import", "sotopia", folder, "--profiles", profiles, "--out", recs); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := omnigap(t, "report", recs, "--ratings", ratings, "--json", jsonPath)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var r struct {
		People struct {
			Rated    int `json:"episodes_rated"`
			Joined   int `json:"episodes_joined"`
			Units    int `json:"units"`
			Unseated int `json:"ratings_unseated"`
			Problems int `json:"problems"`
			Groups   []struct {
				Dimension string            `json:"dimension"`
				By        map[string]string `json:"by"`
				Raters    struct{ Mean float64 }
			} `json:"groups"`
		} `json:"people"`
	}
	data, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	p := r.People
	if p.Rated != 28 || p.Joined != 28 || p.Units != 56 || p.Unseated != 0 || p.Problems != 0 {
		t.Fatalf("people %+v:\n%s", p, out)
	}
	orders := map[bool]int{}
	files, _ := record.Files(recs)
	for _, f := range files {
		rec, err := record.ReadHeader(t.Context(), f)
		if err != nil {
			t.Fatal(err)
		}
		orders[rec.Header.Scenario.Seats[0].Character.Name == rec.Header.Source.Agents[0]]++
	}
	if orders[true] == 0 || orders[false] == 0 {
		t.Errorf("agent 1 sat in seat 0 in %d episodes and in seat 1 in %d: the test needs both", orders[true], orders[false])
	}
	want := peoplesMeansByModel(t, ratings, folder)
	checked := 0
	for _, g := range p.Groups {
		if m := g.By["model"]; m != "" {
			if w, ok := want[m+"/"+g.Dimension]; !ok || math.Abs(g.Raters.Mean-w) > 1e-9 {
				t.Errorf("%s, %s: people's mean %v, computed here %v", m, g.Dimension, g.Raters.Mean, w)
			}
			checked++
		}
	}
	if checked != 14 {
		t.Errorf("%d groups by model, want 2 models x 7 dimensions", checked)
	}
}

// peoplesMeansByModel reads the published ratings and each episode's
// models ([evaluator, agent 1, agent 2], custom_model being the
// pairing's Mistral) and returns, per model and dimension, the mean over
// the agents it played of their raters' mean.
func peoplesMeansByModel(t *testing.T, ratings, folder string) map[string]float64 {
	f, err := os.Open(ratings)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	sums := map[string][]float64{} // pk/agent/dimension: the raters' scores
	for _, row := range rows[1:] {
		for _, a := range []string{"1", "2"} {
			for _, d := range dimensions {
				v, err := strconv.ParseFloat(row[col[d+"_"+a]], 64)
				if err != nil {
					t.Fatal(err)
				}
				k := row[col["pk"]] + "/" + a + "/" + d
				sums[k] = append(sums[k], v)
			}
		}
	}
	units := map[string][]float64{}
	for k, vs := range sums {
		pk, rest, _ := strings.Cut(k, "/")
		agent, dim, _ := strings.Cut(rest, "/")
		var ep struct{ Models []string }
		data, err := os.ReadFile(filepath.Join(folder, pk+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &ep); err != nil {
			t.Fatal(err)
		}
		model := ep.Models[map[string]int{"1": 1, "2": 2}[agent]]
		if model == "custom_model" {
			model = "mistral-7b-instruct"
		}
		units[model+"/"+dim] = append(units[model+"/"+dim], stattest.Mean(vs))
	}
	out := map[string]float64{}
	for k, vs := range units {
		out[k] = stattest.Mean(vs)
	}
	return out
}
