package people

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// csvHead is Sotopia-PI's header row: the columns before the scores,
// then each dimension's score and reason for agent 1, then agent 2.
func csvHead() string {
	cols := []string{"ID", "model", "pk", "data", "prolific_id"}
	for _, a := range []string{"1", "2"} {
		for _, d := range []string{"believability", "relationship", "knowledge", "secret", "social_rules", "financial_and_material_benefits", "goal"} {
			cols = append(cols, d+"_"+a, d+"_reasoning_"+a)
		}
	}
	return strings.Join(cols, ",")
}

// csvRow is a row rating both agents the same on every dimension but
// the ones set (and naming them Ana Ruiz and Ben Cole unless data is),
// each cell as a CSV writer quotes it.
func csvRow(id, pk, rater string, set map[string]string) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	data := `{"names": ["Ana Ruiz", "Ben Cole"]}`
	if v, ok := set["data"]; ok {
		data = v
	}
	row := []string{id, "m", pk, data, rater}
	for _, a := range []string{"1", "2"} {
		for _, d := range []string{"believability", "relationship", "knowledge", "secret", "social_rules", "financial_and_material_benefits", "goal"} {
			score, reason := "0", "fine"
			if d == "believability" || d == "goal" || d == "knowledge" {
				score = "5"
			}
			if v, ok := set[d+"_"+a]; ok {
				score = v
			}
			if v, ok := set[d+"_reasoning_"+a]; ok {
				reason = v
			}
			row = append(row, score, reason)
		}
	}
	w.Write(row)
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}

// Sotopia-PI's files as published, and worse: a byte order mark, CRLF
// line ends, a reason quoted over two lines with quotes and commas in
// it, a skipped cell, a word where a score goes, a score out of range,
// a short row, a row without its episode, and a row given twice; each
// fault is named by file, line and field and the rest is read.
func TestCSVReadsAsPublished(t *testing.T) {
	rows := []string{
		"\ufeff" + csvHead(),
		csvRow("1", "ep-1", "rater-01", map[string]string{"goal_1": "8", "goal_reasoning_1": "She got the ladder, \"mostly\",\nby Friday."}),
		csvRow("2", "ep-1", "rater-02", map[string]string{"believability_1": ""}),
		csvRow("3", "ep-2", "rater-01", map[string]string{"goal_2": "seven", "believability_2": "11"}),
		csvRow("1", "ep-1", "rater-01", map[string]string{"goal_1": "8", "goal_reasoning_1": "She got the ladder, \"mostly\",\nby Friday."}),
		"4,m,ep-3,{},rater-03,5",
		csvRow("5", "", "rater-04", nil),
		csvRow("6", "ep-1", "rater-01", map[string]string{"goal_1": "7"}),
	}
	rs := read(t, [2]string{"ratings.csv", strings.Join(rows, "\r\n") + "\r\n"})
	if rs.Rows != 7 || rs.Skipped != 1 {
		t.Errorf("%d rows, %d cells skipped; want 7 and 1", rs.Rows, rs.Skipped)
	}
	// Rows 2, 3 and the later rating by rater-01 (8 on the goal, then 7:
	// another rating, kept), 14 each, and row 4 less its two bad cells.
	if rs.Len() != 14+13+14+12 {
		t.Errorf("%d ratings, want %d", rs.Len(), 14+13+14+12)
	}
	var problems []string
	for _, p := range rs.Problems {
		problems = append(problems, p.Error())
	}
	for _, want := range []string{"ratings.csv:5: goal_2: not a number: \"seven\"", "ratings.csv:5: believability_2: 11 is outside believability's range 0..10",
		"ratings.csv:6: the same ratings of episode ep-1 by rater \"rater-01\" as at", "ratings.csv:8: 6 fields where the header has 33",
		"ratings.csv:9: pk: empty"} {
		if !strings.Contains(strings.Join(problems, "\n"), want) {
			t.Errorf("problems lack %q:\n%s", want, strings.Join(problems, "\n"))
		}
	}
	if len(problems) != 5 {
		t.Errorf("%d problems, want 5:\n%s", len(problems), strings.Join(problems, "\n"))
	}
	var goal Rating
	for _, r := range rs.Of("ep-1") {
		if r.Dimension == "goal" && r.Agent == 1 && r.Score == 8 {
			goal = r
		}
	}
	if goal.Reason != "She got the ladder, \"mostly\",\nby Friday." || goal.Rater != "rater-01" || goal.At.Line != 2 || len(goal.Names) != 2 || goal.Names[0] != "Ana Ruiz" {
		t.Errorf("the quoted reason read as %+v", goal)
	}
}

// A file without the columns a rating needs is refused whole, by name.
func TestCSVWithoutItsColumnsIsRefused(t *testing.T) {
	dir := t.TempDir()
	for name, head := range map[string]string{"no-pk.csv": "id,prolific_id,goal_1", "no-rater.csv": "pk,goal_1", "no-scores.csv": "pk,prolific_id,overall"} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(head+"\nx,y,1\n"), 0o644)
		if _, err := Read(context.Background(), []string{p}); err == nil || !strings.Contains(err.Error(), name+":1: no ") {
			t.Errorf("%s: %v, want an error naming the file, line 1 and the missing column", name, err)
		}
	}
	if _, err := Read(context.Background(), []string{filepath.Join(dir, "missing.csv")}); err == nil {
		t.Error("a missing file was read")
	}
}
