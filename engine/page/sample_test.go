package page

import (
	"fmt"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/report"
)

func TestSampleTakesFamiliesInTurnLeakiestFirst(t *testing.T) {
	var s Scenarios
	for i, ep := range []report.Episode{
		{Scenario: "mf/a", Family: "mf", Metrics: map[string]float64{"leaks": 1}},
		{Scenario: "cl/a", Family: "cl", Metrics: map[string]float64{"leaks": 0}},
		{Scenario: "cl/b", Family: "cl", Metrics: map[string]float64{"mind_reads": 2}},
		{Scenario: "cl/c", Family: "cl", Metrics: map[string]float64{"disclosures": 9}},
		{Scenario: "cl/b", Family: "cl", Metrics: map[string]float64{"guesses": 1}},
	} {
		s.Add(fmt.Sprintf("r%d.jsonl", i), ep)
	}
	var got []string
	for _, sc := range s.Sample(4) {
		got = append(got, fmt.Sprintf("%s%v", sc.ID, sc.Paths))
	}
	if want := "cl/b[r2.jsonl r4.jsonl] mf/a[r0.jsonl] cl/a[r1.jsonl] cl/c[r3.jsonl]"; strings.Join(got, " ") != want {
		t.Errorf("sample %v, want %s", got, want)
	}
	if n := len(s.Sample(2)); n != 2 || s.Len() != 4 {
		t.Errorf("a sample of 2 has %d, of %d scenarios", n, s.Len())
	}
	names := FileNames([]Scenario{{ID: "cl/a"}, {ID: "cl a"}, {ID: "../x"}, {ID: ""}})
	if strings.Join(names, " ") != "cl-a.html cl-a-2.html -x.html scenario.html" {
		t.Errorf("file names %v", names)
	}
}
