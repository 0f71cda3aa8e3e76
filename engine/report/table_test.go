package report

import (
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
	if err := Aggregate(eps).WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The table fits an 80-column terminal whatever it holds: modes and pairs
// that do not fit go to a further block, nothing is cut.
func TestTableFitsEightyColumns(t *testing.T) {
	for _, humans := range []bool{false, true} {
		s := tableOf(t, humans, func(turns float64) float64 { return turns - 1 })
		for _, line := range strings.Split(s, "\n") {
			if n := utf8.RuneCountInString(line); n > TableWidth {
				t.Errorf("a line of %d columns:\n%s\n\nin:\n%s", n, line, s)
			}
		}
		for _, want := range []string{"SCRIPT", "AGENTS", "MINDREADERS", "SCRIPT - MINDREADERS", "MINDREADERS - AGENTS", "SCRIPT - AGENTS", "1234.5 [1234.5, 1234.5]"} {
			if !strings.Contains(s, want) {
				t.Errorf("%q is missing from:\n%s", want, s)
			}
		}
		if humans && strings.Count(s, "HUMANS") < 2 {
			t.Errorf("HUMANS should head a column and be in the title:\n%s", s)
		}
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
