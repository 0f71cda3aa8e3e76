package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/episode"
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

func TestJudgeClampsAndReasks(t *testing.T) {
	if _, err := parseScores(`{"seat0": {}}`); err == nil {
		t.Fatal("incomplete scores accepted")
	}
	good := llmtest.Judgement(nil)
	s, err := parseScores(strings.Replace(good, `"goal": {"reasoning": "Judged from the transcript.", "score": 6}`, `"Goal": {"reasoning": "x", "score": 14}`, 1))
	if err != nil {
		t.Fatal(err)
	}
	if s[0]["goal"].Score != 10 {
		t.Errorf("goal 14 not clamped: %v", s[0]["goal"])
	}
}
