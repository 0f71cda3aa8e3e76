package people

import (
	"strings"
	"testing"
)

// The plain form names the agent by seat or by name; a line that cannot
// be used (a line of 2 MiB among them) is named by file, line and field,
// and the others are read.
func TestPlainFormReadsLineByLine(t *testing.T) {
	lines := []string{
		`{"episode": "run-7", "seat": 1, "rater": "r1", "dimension": "goal", "score": 6, "reason": "half done"}`,
		`{"episode": "run-7", "agent": "Ana Ruiz", "rater": "r1", "dimension": "believability", "score": 9}`,
		``,
		`{"episode": "run-7", "seat": 1, "agent": "Ana Ruiz", "rater": "r1", "dimension": "goal", "score": 6}`,
		`{"episode": "run-7", "seat": 2, "rater": "r1", "dimension": "goal", "score": 6}`,
		`{"episode": "run-7", "seat": 0, "rater": "r1", "dimension": "charm", "score": 6}`,
		`{"episode": "run-7", "seat": 0, "rater": "r1", "dimension": "goal"}`,
		`{"episode": "run-7", "seat": 0, "rater": "r1", "dimension": "secret", "score": 3}`,
		`{"episode": "", "seat": 0, "rater": "r1", "dimension": "goal", "score": 3}`,
		`{"episode": "run-7", "seat": 0, "dimension": "goal", "score": 3}`,
		`{"episode": "run-7", "seat": "one", "rater": "r1", "dimension": "goal", "score": 3}`,
		`not json`,
		`{"episode": "run-7", "seat": 1, "rater": "r1", "dimension": "goal", "score": 6, "reason": "half done"}`,
		`{"episode": "run-7", "seat": 0, "rater": "r1", "dimension": "goal", "score": 6, "reason": "` + strings.Repeat("x", 2<<20) + `"}`,
	}
	rs := read(t, [2]string{"people.jsonl", "\ufeff" + strings.Join(lines, "\r\n")})
	if rs.Len() != 2 {
		t.Fatalf("%d ratings, want 2: %v", rs.Len(), rs.Problems)
	}
	got := rs.Of("run-7")
	if got[0].Seat != 1 || got[0].Agent != -1 || got[0].Reason != "half done" || got[1].Name != "Ana Ruiz" || got[1].Seat != -1 {
		t.Errorf("ratings %+v", got)
	}
	var all []string
	for _, p := range rs.Problems {
		all = append(all, p.Error())
	}
	for _, want := range []string{":4: agent: give the seat or the agent's name, not both", ":5: seat: must be 0 or 1", ":6: dimension: \"charm\" is none of the seven",
		":7: score: missing", ":8: score: 3 is outside secret's range -10..0", ":9: episode: missing", ":10: rater: missing", ":11: seat: must be int",
		":12: not a whole JSON record", ":13: the same ratings of episode run-7", ":14: record longer than 1048576 bytes"} {
		if !strings.Contains(strings.Join(all, "\n"), "people.jsonl"+want) {
			t.Errorf("no problem %q among:\n%s", want, strings.Join(all, "\n"))
		}
	}
	if len(all) != 11 {
		t.Errorf("%d problems, want 11:\n%s", len(all), strings.Join(all, "\n"))
	}
}
