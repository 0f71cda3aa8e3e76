package page

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// ratedRoadBike is the road-bike runs with the AGENTS run judged (its
// reasoning hostile) and rated in the plain form by its run id: seat 0
// by a rater whose id looks like a formula and whose reason holds
// markup, a bidi override and escapes, seat 1 by name, with a reason of
// 5,000 characters.
func ratedRoadBike(t *testing.T) ([]*record.Recording, *people.Study) {
	t.Helper()
	recs := roadBike(t)
	var agents *record.Recording
	for _, r := range recs {
		if r.Header.Mode == view.Agents {
			agents = r
		}
	}
	end := agents.Ending()
	for seat := range 2 {
		for i, d := range metrics.JudgeDimensions {
			k := metrics.JudgeSeatKey(seat, d.Key)
			end.Metrics[k] = d.Min + float64((i+seat)%3)
			if end.Notes == nil {
				end.Notes = map[string]string{}
			}
			end.Notes[k] = "judged <b>so</b> \u202eevil"
		}
	}
	agents.Header.Settings = map[string]string{"model.judge": "judge-x"}
	long := strings.Repeat("r", 5000)
	var lines []string
	for _, d := range metrics.JudgeDimensions {
		lines = append(lines,
			fmt.Sprintf(`{"episode": %q, "seat": 0, "rater": "=HYPERLINK(\"x\")", "dimension": %q, "score": %g, "reason": "<script>alert(1)</script> \u202e \u001b[31mred"}`, agents.Header.RunID, d.Key, d.Max),
			fmt.Sprintf(`{"episode": %q, "agent": %q, "rater": "rater-02", "dimension": %q, "score": %g, "reason": %q}`, agents.Header.RunID, agents.Header.Scenario.Seats[1].Character.Name, d.Key, d.Min, long))
	}
	path := filepath.Join(t.TempDir(), "people.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := people.Read(context.Background(), []string{path})
	if err != nil || len(rs.Problems) > 0 {
		t.Fatalf("%v %v", err, rs.Problems)
	}
	st := people.NewStudy(rs)
	for _, r := range recs {
		st.Add(r)
	}
	return recs, st
}

// The episode page sets each seat's ratings, rater by rater with their
// reasons, beside the judge's scores and reasoning, for the run people
// rated or a judge scored and no other; every text from the files shows
// as text, a long reason cut with a word on what is left.
func TestEpisodePageSetsRatingsBesideTheJudge(t *testing.T) {
	recs, st := ratedRoadBike(t)
	var b bytes.Buffer
	if err := WriteEpisode(&b, recs, st); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if n := strings.Count(html, `<h3 class="run"`); n != 1 {
		t.Errorf("%d runs in the people's section, want the AGENTS run alone", n)
	}
	if n := strings.Count(html, `<table class="ratings"`); n != 2 {
		t.Errorf("%d seats' tables, want 2", n)
	}
	for _, want := range []string{`data-rater="=HYPERLINK(&#34;x&#34;)"`, `&lt;script&gt;alert(1)&lt;/script&gt;`, `data-scorer="judge: judge-x"`,
		`judged &lt;b&gt;so&lt;/b&gt;`, `(3000 more characters)`, `data-rater="rater-02"`, "seat 1, played by"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, bad := range []string{"<script>alert", "\u202e", "\x1b", strings.Repeat("r", 2001)} {
		if strings.Contains(html, bad) {
			t.Errorf("the page holds %.40q", bad)
		}
	}
}

// The study page draws a scatter per dimension, a dot per rated seat,
// and carries each figure as report --json writes it.
func TestStudyPageDrawsPeopleBesideTheScorers(t *testing.T) {
	recs, st := ratedRoadBike(t)
	var eps []report.Episode
	for _, r := range recs {
		eps = append(eps, report.FromRecording(r))
	}
	var b bytes.Buffer
	if err := WriteStudy(&b, report.Aggregate(eps), nil, st); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if n := strings.Count(html, "<figure data-dimension="); n != len(metrics.JudgeDimensions) {
		t.Errorf("%d scatters, want one per dimension", n)
	}
	// Two rated seats, each scored by the judge on each dimension.
	if n := strings.Count(html, `<circle class="s0"`); n != 2*len(metrics.JudgeDimensions) {
		t.Errorf("%d dots of the judge, want 2 per dimension", n)
	}
	var j bytes.Buffer
	if err := people.WriteReportJSON(&j, report.Report{}, st); err != nil {
		t.Fatal(err)
	}
	var got struct {
		People struct {
			Groups []struct {
				Dimension string
				Scorers   map[string]map[string]any
			}
		}
	}
	if err := json.Unmarshal(j.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, g := range got.People.Groups {
		bias, _ := g.Scorers["judge: judge-x"]["bias"].(float64)
		re := regexp.MustCompile(`data-dimension="` + strings.ReplaceAll(g.Dimension, "_", " ") + `" data-by="every recording" data-scorer="judge: judge-x" data-figure="bias" data-value="([^"]+)"`)
		m := re.FindStringSubmatch(html)
		if m == nil || m[1] != fmt.Sprint(bias) {
			t.Errorf("%s: the page's bias %v, the JSON's %v", g.Dimension, m, bias)
		}
		checked++
	}
	if checked != len(metrics.JudgeDimensions) {
		t.Errorf("%d groups checked", checked)
	}
}
