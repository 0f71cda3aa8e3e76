package report

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// tableOf aggregates episodes of every mode and the HUMANS one when asked,
// with turns, messages and words, and prints the table.
func tableOf(t *testing.T, humans bool, messages func(turns float64) float64) string {
	t.Helper()
	modes := []view.Mode{view.Script, view.Agents, view.Mindreaders}
	if humans {
		modes = append(modes, view.Humans)
	}
	var eps []Episode
	for seed := int64(1); seed <= 5; seed++ {
		for _, mode := range modes {
			turns := float64(10 + seed)
			eps = append(eps, Episode{Family: scenario.Craigslist, Mode: mode, Ended: true, Pair: PairKey("craigslist/gen-1", seed),
				Metrics: map[string]float64{metrics.GoalCompletion: float64(seed), metrics.Deal: float64(seed % 2), metrics.Turns: turns,
					metrics.Messages: messages(turns), metrics.Words: 15 * turns, metrics.WordsPerTurn: 15, metrics.Leaks: 1234.5,
					metrics.FirstMentionPos: 0.5, metrics.TurnsToSuccess: 12}})
		}
	}
	var b strings.Builder
	if err := Aggregate(eps).WriteTable(&b, TableWidth); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The table fits an 80-column terminal whatever it holds, and cuts
// nothing: every figure of every mode and pair of modes is there.
func TestTableFitsEightyColumns(t *testing.T) {
	for _, humans := range []bool{false, true} {
		s := tableOf(t, humans, func(turns float64) float64 { return turns - 1 })
		for _, line := range strings.Split(s, "\n") {
			if n := utf8.RuneCountInString(line); n > TableWidth {
				t.Errorf("a line of %d columns:\n%s\n\nin:\n%s", n, line, s)
			}
		}
		for _, want := range []string{"SCRIPT", "AGENTS", "MINDREADERS", "SCRIPT -", "MINDREADERS -", "1234.5", "[1234.5, 1234.5]"} {
			if !strings.Contains(s, want) {
				t.Errorf("%q is missing from:\n%s", want, s)
			}
		}
		if humans && strings.Count(s, "HUMANS") < 2 {
			t.Errorf("HUMANS should head a column and be in the title:\n%s", s)
		}
	}
}

// A judged table's long rows do not push a mode into a block of its own
// at 80 columns: the labels wrap, and every mode heads one line of each
// table, beside the others, its figures on its rows' lines.
func TestWideJudgeTableKeepsEveryModeOnItsRow(t *testing.T) {
	modes := []view.Mode{view.Script, view.Agents, view.Mindreaders}
	var eps []Episode
	for seed := int64(1); seed <= 5; seed++ {
		for _, mode := range modes {
			m := map[string]float64{metrics.WordsPerTurn: 12, metrics.Leaks: 0}
			for _, d := range metrics.JudgeDimensions {
				m[metrics.JudgeKey(d.Key)] = d.Max - float64(seed%3)
			}
			eps = append(eps, Episode{Family: scenario.Sotopia, Mode: mode, Ended: true, Pair: PairKey("sotopia/x", seed), Metrics: m})
		}
	}
	var b strings.Builder
	if err := Aggregate(eps).WriteTable(&b, TableWidth); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	lines := strings.Split(s, "\n")
	tables := 0
	figure := regexp.MustCompile(`^-?\d+\.\d+$`)
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > TableWidth {
			t.Errorf("a line of %d columns: %q", n, line)
		}
		if strings.Contains(line, ": episodes") {
			tables++
			if heads := strings.Fields(lines[i+1]); !slices.Equal(heads, []string{"SCRIPT", "AGENTS", "MINDREADERS"}) {
				t.Errorf("the table under %q is headed %q, want every mode side by side:\n%s", line, heads, s)
			}
		}
		if strings.HasPrefix(line, "judge financial") {
			n := 0
			for _, f := range strings.Fields(line) {
				if figure.MatchString(f) {
					n++
				}
			}
			if n != len(modes) {
				t.Errorf("a row with %d modes' figures on its line, want %d: %q\n%s", n, len(modes), line, s)
			}
		}
	}
	if tables != 1 { // the family's: a headline of one family would repeat it
		t.Errorf("%d tables, want 1:\n%s", tables, s)
	}
}

// Messages per dialogue and words per message repeat turns and words per
// turn when every turn said something; they are shown only when some turn
// said nothing.
func TestMessageRowsOnlyWhereTheyDifferFromTurns(t *testing.T) {
	rows := []string{"messages per dialogue", "words per message (pooled)"}
	same := tableOf(t, false, func(turns float64) float64 { return turns })
	fewer := tableOf(t, false, func(turns float64) float64 { return turns - 2 })
	for _, row := range rows {
		if strings.Contains(same, row) {
			t.Errorf("%q repeats the turns:\n%s", row, same)
		}
		if !strings.Contains(fewer, row) {
			t.Errorf("%q is missing where messages are fewer than turns:\n%s", row, fewer)
		}
	}
}
