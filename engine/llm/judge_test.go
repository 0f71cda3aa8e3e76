package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

func TestJudgeScoresIntoTheFooter(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	f := testFactory(testConfig(srv))
	sc := resolve(t, "sotopia/broken-lamp")
	rec := playWith(t, context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1, Factory: f,
		Annotate: f.Judge().Annotate(nil)}).rec
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
	f := testFactory(testConfig(srv))
	sc := resolve(t, "craigslist/road-bike")
	var ending event.Ending
	used, err := f.Judge().Score(context.Background(), sc, nil, &ending)
	if err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(used) != 3 {
		t.Errorf("the judge's 3 calls report %d token counts", len(used))
	}
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

// TestJudgeTokensCountInTheRun: each judge call is a run-level usage event
// and is counted in the footer's totals with the seats' calls.
func TestJudgeTokensCountInTheRun(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	f := testFactory(testConfig(srv))
	p := playWith(t, context.Background(), episode.Spec{Scenario: resolve(t, "sotopia/broken-lamp"), Mode: view.Agents, Seed: 1,
		Factory: f, Annotate: f.Judge().Annotate(leak.Annotate)})
	var sum event.Usage
	judged := 0
	for _, ev := range p.rec.Events {
		if ev.Kind != event.UsageReported {
			continue
		}
		sum.Add(*ev.Usage)
		if ev.Seat == -1 {
			judged++
			if ev.Turn != 0 || ev.Usage.Prompt == 0 {
				t.Errorf("a judge call's usage event: turn %d, %+v", ev.Turn, *ev.Usage)
			}
		}
	}
	if judged != 2 {
		t.Errorf("%d run-level usage events, want one per judge call (2)", judged)
	}
	if total := p.rec.Footer.Ending.Usage; total == nil || *total != sum || p.ending.Usage == nil || *p.ending.Usage != sum {
		t.Errorf("the footer's totals %+v are not the sum of the usage events %+v", total, sum)
	}
	if p.ending.Metrics["judge.seat0.goal"] != 6 {
		t.Errorf("not judged: %v", p.ending.Metrics)
	}
}

// TestStoppingAHangingJudgeEndsTheRunAtOnce: with the judge's call
// hanging and the default 2-minute timeout, cancelling the run's context
// ends it within a second, and the recording closes with the dialogue's
// own ending, marked as left without judge scores.
func TestStoppingAHangingJudgeEndsTheRunAtOnce(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	var judging <-chan struct{}
	srv.Chaos, judging = llmtest.HangWhen(llmtest.Judging)
	cfg := testConfig(srv)
	cfg.Timeout = 2 * time.Minute
	f := testFactory(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	live, err := episode.Start(ctx, episode.Spec{Scenario: resolve(t, "sotopia/broken-lamp"), Mode: view.Agents, Seed: 1,
		Factory: f, Annotate: f.Judge().Annotate(leak.Annotate), RecordDir: t.TempDir(), Buffer: 64})
	if err != nil {
		t.Fatal(err)
	}
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for range live.Events {
		}
	}()
	select {
	case <-judging:
	case <-drained:
		t.Fatal("the run ended without calling the judge")
	case <-time.After(time.Minute):
		t.Fatal("no judge call within a minute")
	}
	stopped := time.Now()
	cancel()
	select {
	case <-drained:
	case <-time.After(time.Second):
		t.Fatal("the run still waits on the judge 1 s after it was stopped")
	}
	t.Logf("the run ended %v after it was stopped", time.Since(stopped))
	ending, err := live.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if ending.Reason == event.Canceled || ending.Notes[metrics.JudgeStoppedNote] == "" || ending.Notes[metrics.JudgeErrorNote] != "" {
		t.Errorf("ending %s with notes %v: want the dialogue's own ending marked %s, not a judge failure", ending.Reason, ending.Notes, metrics.JudgeStoppedNote)
	}
	for k := range ending.Metrics {
		if strings.HasPrefix(k, "judge.") {
			t.Errorf("a stopped judge left the score %s", k)
		}
	}
	if _, ok := ending.Metrics[metrics.Leaks]; !ok {
		t.Errorf("the annotator's metrics are missing: %v", ending.Metrics)
	}
	rec, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Footer == nil || rec.Torn || rec.Footer.Ending.Reason != ending.Reason || rec.Footer.Ending.Notes[metrics.JudgeStoppedNote] == "" {
		t.Fatalf("the recording does not close with the marked ending: %s", rec.EndNote())
	}
}
