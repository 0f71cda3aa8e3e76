package people

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
)

// ratingOf is the score seat gave on dim by rater in ep, or -99.
func ratingOf(ep *Episode, seat int, dim, rater string) float64 {
	for _, r := range ep.Seats[seat].Ratings {
		if r.Dimension == dim && r.Rater == rater {
			return r.Score
		}
	}
	return -99
}

// Agent 1 of a ratings file is the first of the episode's agents
// whichever seat omnigap gave it: by the names the header's source
// keeps, by the models of an older recording, or by the names the file
// gives; by seat or name in the plain form. A rating whose agent finds
// no seat is named and left out, and the episodes no recording names
// are counted once.
func TestRatingsFindTheirSeatsInBothOrders(t *testing.T) {
	rows := []string{csvHead()}
	for _, pk := range []string{"straight", "swapped", "by-models", "by-names", "unknown", "contradicted", "not-recorded"} {
		set := map[string]string{"believability_1": "9", "believability_2": "2", "goal_1": ""}
		if pk == "unknown" {
			set["data"] = "{}"
		}
		rows = append(rows, csvRow("1", pk, "rater-01", set))
	}
	plain := `{"episode": "straight", "seat": 1, "rater": "rater-02", "dimension": "goal", "score": 4}` + "\n" +
		`{"episode": "swapped", "agent": "ana ruiz", "rater": "rater-02", "dimension": "goal", "score": 7}` + "\n" +
		`{"episode": "swapped", "agent": "Cy Ames", "rater": "rater-02", "dimension": "goal", "score": 7}` + "\n"
	rs := read(t, [2]string{"r.csv", strings.Join(rows, "\n")}, [2]string{"r.jsonl", plain})
	names := [2]string{"Ana Ruiz", "Ben Cole"}
	swapped := [2]string{"Ben Cole", "Ana Ruiz"}
	recs := map[string]*record.Recording{
		"straight":     imported("straight", names, []string{"Ana Ruiz", "Ben Cole"}, [2]string{"m", "m"}, nil),
		"swapped":      imported("swapped", swapped, []string{"Ana Ruiz", "Ben Cole"}, [2]string{"m", "m"}, nil),
		"by-models":    imported("by-models", swapped, nil, [2]string{"model-b", "model-a"}, nil),
		"by-names":     imported("by-names", swapped, nil, [2]string{"m", "m"}, nil),
		"unknown":      imported("unknown", names, nil, [2]string{"m", "m"}, nil),
		"contradicted": imported("contradicted", swapped, []string{"Ben Cole", "Ana Ruiz"}, [2]string{"m", "m"}, nil),
	}
	recs["by-models"].Header.Source.Models = []string{"gpt-4", "model-a", "model-b"}
	st := NewStudy(rs)
	for _, id := range []string{"straight", "swapped", "by-models", "by-names", "unknown", "contradicted"} {
		st.Add(recs[id])
	}
	seatOfAna := map[string]int{"straight": 0, "swapped": 1, "by-models": 1, "by-names": 1}
	for id, ana := range seatOfAna {
		ep := st.Episode(id + ".jsonl")
		if got := ratingOf(ep, ana, "believability", "rater-01"); got != 9 {
			t.Errorf("%s: Ana (seat %d) rated %v on believability, want agent 1's 9", id, ana, got)
		}
		if got := ratingOf(ep, 1-ana, "believability", "rater-01"); got != 2 {
			t.Errorf("%s: Ben rated %v, want agent 2's 2", id, got)
		}
		if ratingOf(ep, ana, "goal", "rater-01") != -99 {
			t.Errorf("%s: a skipped goal cell became a rating", id)
		}
	}
	if ep := st.Episode("straight.jsonl"); ratingOf(ep, 1, "goal", "rater-02") != 4 || ep.Seats[0].Agent != 1 || ep.Seats[1].Agent != 2 {
		t.Errorf("the plain form's seat 1: %+v", ep.Seats)
	}
	if ep := st.Episode("swapped.jsonl"); ratingOf(ep, 1, "goal", "rater-02") != 7 || ep.Seats[1].Agent != 1 {
		t.Errorf("the plain form's agent by name: %+v", ep.Seats)
	}
	var unseated []string
	for _, p := range st.Problems {
		unseated = append(unseated, p.Error())
	}
	all := strings.Join(unseated, "\n")
	for _, want := range []string{`agent: "Cy Ames" is neither character`, "unknown.jsonl does not say which seat agent 1 sat in",
		`the file names "Ana Ruiz" agent 1, whom contradicted.jsonl seats as agent 2`} {
		if !strings.Contains(all, want) {
			t.Errorf("no problem %q among:\n%s", want, all)
		}
	}
	s := st.Summary()
	if len(s.NotFound) != 1 || s.NotFound[0] != "not-recorded" || s.NotFoundRatings != 13 || s.Joined != 6 || s.Rated != 7 || s.Skipped != 7 || s.Unseated != 1+13+13 || len(st.Problems) != 5 {
		t.Errorf("summary %+v", s)
	}
}

// A judged copy beside its original names the same episode: its seats
// count once, with the judge's scores from the copy and the imported
// evaluator's from either.
func TestAJudgedCopyBesideItsOriginalCountsOnce(t *testing.T) {
	rs := read(t, [2]string{"r.csv", csvHead() + "\n" + csvRow("1", "ep", "rater-01", nil) + "\n" + csvRow("2", "ep", "rater-02", map[string]string{"goal_1": "7"})})
	names := [2]string{"Ana Ruiz", "Ben Cole"}
	original := imported("ep", names, []string{"Ana Ruiz", "Ben Cole"}, [2]string{"m", "m"}, map[string]float64{metrics.ImportedJudgeSeatKey(0, "goal"): 9})
	judged := imported("ep", names, []string{"Ana Ruiz", "Ben Cole"}, [2]string{"m", "m"},
		map[string]float64{metrics.ImportedJudgeSeatKey(0, "goal"): 9, metrics.JudgeSeatKey(0, "goal"): 4})
	judged.Path = "judged/ep.jsonl"
	judged.Header.Settings = map[string]string{"model.judge": "j"}
	st := NewStudy(rs)
	if !st.Add(original) || st.Add(judged) {
		t.Fatal("the copy was counted as another episode")
	}
	g := groupOf(t, st.Table(), "goal", By{})
	if g.Raters.N != 2 || len(g.Scorers) != 2 || g.Scorers[0].Name != "judge: imported, gpt-4" || g.Scorers[1].Name != "judge: j" || g.Scorers[1].N != 1 {
		t.Errorf("goal group %+v", g)
	}
	if s := st.Summary(); s.Joined != 1 || s.Units != 2 || len(st.Repeated) != 1 {
		t.Errorf("summary %+v, repeated %v", s, st.Repeated)
	}
}

func groupOf(t *testing.T, tb Table, dim string, by By) Group {
	t.Helper()
	for _, g := range tb.Groups {
		if g.Dimension == dim && g.By == by {
			return g
		}
	}
	t.Fatalf("no %s group %+v", dim, by)
	return Group{}
}
