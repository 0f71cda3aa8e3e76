package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sotopiaEpisode is one episode of a Sotopia episodes_to_jsonl file
// written for a test: its pk, the models of its agents (the evaluator
// is gpt-4) and, when scored, the evaluator's score of each agent per
// dimension. The words are ours.
type sotopiaEpisode struct {
	pk     string
	models [2]string
	scores [2]map[string]float64
}

// sotopiaEpisodes writes the episodes as one episodes_to_jsonl file in
// dir and returns its path.
func sotopiaEpisodes(t *testing.T, dir string, eps []sotopiaEpisode) string {
	t.Helper()
	var lines []string
	for _, e := range eps {
		r := map[string]any{
			"episode_id": e.pk, "experiment_tag": "ours_test", "codename": "garden_fence",
			"experiment_model_name_pairs": []string{"gpt-4", e.models[0], e.models[1]},
			"scenario":                    "Two neighbours talk over the fence about a tree that drops leaves into one garden.",
			"agents_background": map[string]string{
				"Ana Ruiz": "Ana Ruiz is a 41-year-old carpenter. Secret: she once broke a borrowed drill.",
				"Ben Cole": "Ben Cole is a 35-year-old nurse. Secret: he sleeps through his alarms.",
			},
			"social_goals": map[string]string{
				"Ana Ruiz": "Get the tree trimmed <extra_info>The leaves block your drain.</extra_info>",
				"Ben Cole": "Keep the tree as it is",
			},
			"social_interactions": "Ana Ruiz said: \"Could we trim the tree this autumn?\"\n\n" +
				"Ben Cole said: \"Only the branches over your side.\"\n\nAna Ruiz said: \"That would do.\"",
			"reasoning": "",
		}
		if e.scores[0] != nil {
			var rewards []any
			for _, s := range e.scores {
				rewards = append(rewards, []any{1.0, s})
			}
			r["rewards"] = rewards
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	path := filepath.Join(dir, "episodes.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// importEpisodes imports the episodes into a new folder and returns it.
func importEpisodes(t *testing.T, eps []sotopiaEpisode) string {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "recordings")
	if msg, err := omnigap(t, "episodes", "import", "sotopia", sotopiaEpisodes(t, dir, eps), "--out", out); err != nil {
		t.Fatalf("import: %v\n%s", err, msg)
	}
	return out
}

// dimensions are Sotopia's seven, in their order.
var dimensions = []string{"believability", "relationship", "knowledge", "secret", "social_rules", "financial_and_material_benefits", "goal"}

// ratingsCSV writes people's ratings in Sotopia-PI's layout: a row per
// episode and rater, rows[pk][rater][agent][dimension] the score, each
// with a reason of ours.
func ratingsCSV(t *testing.T, path string, pks []string, rows map[string][][2]map[string]float64) {
	t.Helper()
	head := []string{"", "model", "pk", "data", "prolific_id"}
	for _, a := range []string{"1", "2"} {
		for _, d := range dimensions {
			head = append(head, d+"_"+a, d+"_reasoning_"+a)
		}
	}
	lines := []string{strings.Join(head, ",")}
	for i, pk := range pks {
		for r, agents := range rows[pk] {
			cells := []string{fmt.Sprint(i), "m", pk, "{}", fmt.Sprintf("rater-%02d", r+1)}
			for _, scores := range agents {
				for _, d := range dimensions {
					cells = append(cells, fmt.Sprint(scores[d]), `"seen so, in our words"`)
				}
			}
			lines = append(lines, strings.Join(cells, ","))
		}
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
