package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestReportByModel: two studies of the same scenarios and seeds with
// different --model are refused side by side without --by, and with
// --by model get a column group per model, intervals, and the paired
// differences between the models mode by mode, in the table, the CSV and
// the SVG. The "brief" model's agents leave at turn 7, so the models'
// turns differ by a known amount.
func TestReportByModel(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	turn := regexp.MustCompile(`Turn (\d+) of`)
	srv.Respond = func(r *llmtest.Request) string {
		if m := turn.FindStringSubmatch(r.Last()); r.Model == "brief" && m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= 7 {
				return `{"action": "leave", "text": "I have to go."}`
			}
		}
		return llmtest.Default(r)
	}
	dir := t.TempDir()
	for _, model := range []string{"chatty", "brief"} {
		args := append([]string{"run", "--scenario", "craigslist/gen-*", "--modes", "agents,mindreaders", "--episodes", "5", "--seed", "4",
			"--out", filepath.Join(dir, model)}, modelArgs(srv)...)
		if _, err := omnigap(t, append(args, "--model", model)...); err != nil {
			t.Fatal(err)
		}
	}
	folders := []string{filepath.Join(dir, "chatty"), filepath.Join(dir, "brief")}
	_, err := omnigap(t, append([]string{"report"}, folders...)...)
	if err == nil || !strings.Contains(err.Error(), "model.seat0 chatty and brief") || !strings.Contains(err.Error(), "--by model") {
		t.Fatalf("two models without --by: %v", err)
	}
	exports := map[string]string{"csv": filepath.Join(dir, "r.csv"), "svg": filepath.Join(dir, "r.svg"), "json": filepath.Join(dir, "r.json")}
	out, err := omnigap(t, append(append([]string{"report"}, folders...), "--by", "model", "--csv", exports["csv"], "--svg", exports["svg"], "--json", exports["json"])...)
	if err != nil {
		t.Fatal(err)
	}
	// A heading per model over its modes (each group a block of its
	// own here: the token rows make the columns wide).
	for _, model := range []string{"brief", "chatty"} {
		if !regexp.MustCompile(`(?m)^ +openai:` + model + `\n +AGENTS +MINDREADERS$`).MatchString(out) {
			t.Fatalf("no heading of model %s over its modes:\n%s", model, out)
		}
	}
	// One family: its own table holds every row of a headline, which
	// would repeat it.
	if !strings.HasPrefix(out, "craigslist: episodes by model, mode\n") || strings.Contains(out, "headline") {
		t.Errorf("titles:\n%s", out)
	}
	for _, path := range []string{exports["csv"], exports["svg"], exports["json"]} {
		if !strings.Contains(out, "wrote "+path+"\n") {
			t.Errorf("the report does not say it wrote %s:\n%s", path, out)
		}
	}
	// brief leaves at turn 7 where chatty talks to the limit of 20.
	if !regexp.MustCompile(`openai:brief -\s+openai:chatty`).MatchString(out) || !regexp.MustCompile(`(?m)^turns +\+0\.00 +\+0\.00 +-13\.0 +-13\.0$`).MatchString(out) {
		t.Errorf("no paired difference of turns between the models:\n%s", out)
	}
	if !regexp.MustCompile(`\[\d\.\d\d, \d\.\d\d\]`).MatchString(out) {
		t.Errorf("no intervals:\n%s", out)
	}
	f, _ := os.Open(exports["csv"])
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	paired := 0
	for _, row := range rows[1:] {
		if row[0] == "paired" && row[2] == "openai:brief - openai:chatty" && row[4] == "" && row[5] == "turns" {
			paired++
			if row[7] != "-13" || row[6] != "5" {
				t.Errorf("CSV paired turns %v", row)
			}
		}
	}
	if paired != 2 {
		t.Errorf("%d CSV rows of the models' paired turns, want one per mode", paired)
	}
	svg, _ := os.ReadFile(exports["svg"])
	// The texts in order, wrapped lines joined.
	var lines []string
	for _, m := range regexp.MustCompile(`>([^<]+)</text>`).FindAllStringSubmatch(string(svg), -1) {
		lines = append(lines, m[1])
	}
	texts := strings.Join(lines, " ")
	for _, want := range []string{"goal completion (rule, 0-10): paired difference", "craigslist: openai:brief - openai:chatty", "craigslist · openai:chatty"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
}
