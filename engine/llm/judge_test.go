package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/llmtest"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
)

func TestJudgeScoresIntoTheFooter(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	f := NewFactory(testConfig(srv))
	sc := resolve(t, "sotopia/broken-lamp")
	live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1, Factory: f,
		Annotate: f.Judge().Annotate(context.Background(), nil), RecordDir: t.TempDir(), Buffer: 64})
	if err != nil {
		t.Fatal(err)
	}
	for range live.Events {
	}
	if _, err := live.Wait(); err != nil {
		t.Fatal(err)
	}
	rec, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	m := rec.Footer.Ending.Metrics
	if m["judge.seat0.goal"] != 6 || m["judge.seat1.believability"] != 8 || m["judge.seat0.relationship"] != 1 {
		t.Fatalf("metrics %v, notes %v", m, rec.Footer.Ending.Notes)
	}
	if rec.Footer.Ending.Notes["judge.seat1.goal"] == "" {
		t.Error("no reasoning recorded")
	}
	judgeReq := srv.Requests()[len(srv.Requests())-1]
	if *judgeReq.Temperature != 0 || judgeReq.ResponseFormat == nil || !strings.Contains(judgeReq.Message("system"), "evaluator") {
		t.Errorf("judge request: temperature %v, format %v", *judgeReq.Temperature, judgeReq.ResponseFormat)
	}
}

func TestJudgeRefusesScoresOutOfRangeAndReadsSotopiasShape(t *testing.T) {
	good := llmtest.Judgement(nil)
	if _, err := parseScores(good); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		`{"believability": {"reasoning": "x", "score": 8}}`,
		strings.Replace(good, `"score": 6}`, `"score": 14}`, 1),
		strings.Replace(good, `"score": 6}`, `"score": 6.5}`, 1),
	} {
		if _, err := parseScores(bad); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	sotopia := strings.Replace(good, `"goal": {"reasoning": "Judged from the transcript.", "score": 6}`, `"Goal": ["Reached it.", 9]`, 1)
	s, err := parseScores(sotopia)
	if err != nil || s["goal"].Score != 9 || s["goal"].Reasoning != "Reached it." {
		t.Fatalf("[reasoning, score] shape: %v %v", s["goal"], err)
	}
}

func TestJudgeCallsOncePerSeatAndReasksOutOfRange(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	calls := 0
	srv.Respond = func(r *llmtest.Request) string {
		calls++
		if calls == 1 {
			return strings.Replace(llmtest.Judgement(r), `"score": 6}`, `"score": 11}`, 1)
		}
		return llmtest.Judgement(r)
	}
	f := NewFactory(testConfig(srv))
	sc := resolve(t, "craigslist/road-bike")
	var ending event.Ending
	if err := f.Judge().Score(context.Background(), sc, nil, &ending); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 || !strings.Contains(reqs[1].Last(), "whole number") {
		t.Fatalf("%d calls; the re-ask says %q", len(reqs), reqs[1].Last())
	}
	for i, seat := range []int{0, 1} {
		name := sc.Seats[seat].Character.Name
		if r := reqs[[]int{0, 2}[i]]; !strings.HasSuffix(r.Last(), "Score "+name+" (character "+string(rune('1'+seat))+", "+sc.Seats[seat].Role+") now.") {
			t.Errorf("call for seat %d asks %q", seat, r.Last()[max(len(r.Last())-80, 0):])
		}
	}
	sys := reqs[0].Message("system")
	if strings.Contains(reqs[0].Last(), "You write the dialogue") || !strings.Contains(sys, "a whole number from -10 to 0") {
		t.Error("the judge is framed as the writer, or lacks the ranges")
	}
	if !strings.Contains(reqs[0].Last(), "Their goal, as told to") {
		t.Error("partners' goals are not introduced in the third person")
	}
	if ending.Metrics["judge.seat1.goal"] != 6 {
		t.Errorf("metrics %v", ending.Metrics)
	}
}
