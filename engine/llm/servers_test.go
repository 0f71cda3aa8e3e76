package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// twentyPerMode runs 20 episodes per mode of generated Craigslist
// scenarios against srv and fails on any error event.
func twentyPerMode(t *testing.T, srv *llmtest.Server) []batch.Result {
	t.Helper()
	results, err := batch.Run(context.Background(), batch.Options{Refs: []string{"craigslist/gen-*"}, Modes: view.Modes,
		Episodes: 20, Seed: 1, Concurrency: 8, OutDir: t.TempDir(), Resolve: library.Resolve, Factory: testFactory(testConfig(srv))})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 60 {
		t.Fatalf("%d episodes", len(results))
	}
	for _, r := range results {
		if r.Errors > 0 || r.Ending.Reason == event.EmptyTurns || len(r.History) == 0 {
			t.Fatalf("%s %s seed %d: %d errors (%s), ended %s", r.Ref, r.Mode, r.Seed, r.Errors, r.Failures.First, r.Ending.Reason)
		}
	}
	return results
}

func TestServerRefusingSeedAndStreamOptions(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.RefuseParams = []string{"seed", "stream_options"}
	twentyPerMode(t, srv)
	refused := 0
	for _, r := range srv.Requests() {
		if r.Seed != nil || r.StreamOptions != nil {
			refused++
		}
	}
	// Each parameter is refused until one call without it has worked;
	// calls already in flight then may meet the refusal once more.
	if refused > 2*8 {
		t.Errorf("%d requests still carried a refused parameter", refused)
	}
}

func TestServerAnsweringOnlyNonStreaming(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Plain = true
	results := twentyPerMode(t, srv)
	if srv.Count() > 60*21 {
		t.Errorf("%d requests: replies were thrown away and asked again", srv.Count())
	}
	if results[0].Ending.Usage == nil || results[0].Ending.Usage.Prompt == 0 {
		t.Error("the usage of a non-streaming body was lost")
	}
}

func TestIdleTimeoutBetweenTokens(t *testing.T) {
	t.Parallel() // its own server; it waits or works while the others do
	srv := llmtest.Start()
	defer srv.Close()
	srv.Push(llmtest.Fault{Stall: 2 * time.Second})
	cfg := testConfig(srv)
	cfg.IdleTimeout = 150 * time.Millisecond
	p := agentRun(t, srv, cfg)
	if errs := p.errors(); len(errs) == 0 || !strings.Contains(errs[0], "no token for 150ms") {
		t.Fatalf("errors %v", errs)
	}
	// A slow but steady stream (about a second) outlives the idle limit
	// in all.
	srv2 := llmtest.Start()
	defer srv2.Close()
	srv2.ChunkDelay, srv2.ChunkRunes = 30*time.Millisecond, 40
	cfg = testConfig(srv2)
	cfg.IdleTimeout = 500 * time.Millisecond
	p = play(t, context.Background(), testFactory(cfg), resolve(t, "craigslist/road-bike"), view.Script)
	if errs := p.errors(); len(errs) > 0 || len(p.actions()) != 20 {
		t.Fatalf("slow stream: %d turns, errors %v", len(p.actions()), errs)
	}
}

func TestWriterStopsReadingAtEndAndTheTurnLimit(t *testing.T) {
	n := names(t)
	for name, tail := range map[string]string{
		"END":   "END\n" + strings.Repeat("A long postscript nobody should pay for. ", 200),
		"limit": strings.Repeat("21. "+n[0]+": One turn too many.\n22. "+n[1]+": And another.\n", 150),
	} {
		// The tail takes seconds to stream, so a loaded machine still
		// closes the stream before its end.
		srv := llmtest.Start()
		srv.ChunkRunes, srv.ChunkDelay = 20, 5*time.Millisecond
		srv.Respond = func(r *llmtest.Request) string {
			s := llmtest.Script(r)
			return strings.TrimSuffix(s, "END\n") + tail
		}
		p := scriptRun(t, srv)
		srv.Close()
		if errs := p.errors(); len(errs) > 0 || len(p.actions()) != 20 {
			t.Fatalf("%s: %d turns, errors %v", name, len(p.actions()), errs)
		}
		if srv.Abandoned() != 1 {
			t.Errorf("%s: the stream was read to its end", name)
		}
	}
}

func TestCutRepliesAreContinuedOrReasked(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Push(llmtest.Fault{Length: 15})
	p := agentRun(t, srv, testConfig(srv))
	errs := p.errors()
	if len(errs) != 1 || !strings.Contains(errs[0], "token limit") || p.actions()[0].Type != event.Speak {
		t.Fatalf("agent: errors %v, turn 1 %+v", errs, p.actions()[0])
	}
	// The writer cut mid-line continues from the last whole turn, and no
	// turn holds the cut line.
	srv2 := llmtest.Start()
	defer srv2.Close()
	srv2.Push(llmtest.Fault{Length: 200})
	p = scriptRun(t, srv2)
	if errs := p.errors(); len(errs) > 0 || len(p.actions()) != 20 {
		t.Fatalf("writer: %d turns, errors %v", len(p.actions()), errs)
	}
	cont := srv2.Requests()[1]
	if !strings.Contains(cont.Last(), "Continue the script from turn") {
		t.Errorf("no continuation: %q", cont.Last())
	}
	for i, a := range p.actions() {
		if a.Text != "" && !strings.ContainsAny(a.Text[len(a.Text)-1:], ".?!") {
			t.Errorf("turn %d was cut: %q", i+1, a.Text)
		}
	}
}

func TestJudgeRetriesACutStream(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(r *llmtest.Request) string {
		if strings.Contains(r.Message("system"), "evaluator") {
			return llmtest.Judgement(r)
		}
		return `{"action": "leave", "text": "Bye."}`
	}
	f := testFactory(testConfig(srv))
	sc := resolve(t, "sotopia/broken-lamp")
	var ending event.Ending
	if _, err := f.Judge().Score(context.Background(), sc, nil, &ending); err != nil {
		t.Fatal(err)
	}
	srv.Push(llmtest.Fault{DropAfter: 3})
	ending = event.Ending{}
	if _, err := f.Judge().Score(context.Background(), sc, nil, &ending); err != nil {
		t.Fatalf("a judge stream cut once failed the judge: %v", err)
	}
	if ending.Metrics["judge.seat0.goal"] != 6 {
		t.Errorf("metrics %v", ending.Metrics)
	}
}

func TestLongUtteranceIsCutAndMarked(t *testing.T) {
	t.Parallel() // its own server; it waits or works while the others do
	srv := llmtest.Start()
	defer srv.Close()
	long := strings.Repeat("word ", 2000)
	srv.Respond = func(*llmtest.Request) string { return `{"action": "speak", "text": "` + long + `"}` }
	p := agentRun(t, srv, testConfig(srv))
	a := p.actions()[0]
	if len([]rune(a.Text)) > 2100 || !strings.Contains(a.Text, "[cut: 7999 more characters]") {
		t.Fatalf("turn 1 is %d characters: %q", len(a.Text), a.Text[len(a.Text)-60:])
	}
	if last := srv.Requests()[len(srv.Requests())-1]; strings.Count(last.Message("user"), "word") > 20*1000 {
		t.Error("later prompts repeat the whole utterance")
	}
}

func TestEveryCallHasItsOwnSeed(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	f := testFactory(testConfig(srv))
	sc := resolve(t, "craigslist/road-bike")
	for _, seed := range []int64{1, 2} {
		live := playWith(t, context.Background(), episodeSpec(sc, view.Agents, seed, f))
		_ = live
	}
	seen := map[int]bool{}
	for _, r := range srv.Requests() {
		if r.Seed == nil || seen[*r.Seed] {
			t.Fatalf("seed %v sent twice or not at all", r.Seed)
		}
		seen[*r.Seed] = true
	}
}

func TestHeaderRecordsSamplingButNeverTheKey(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	cfg := testConfig(srv)
	cfg.MaxTokens = 300
	p := agentRun(t, srv, cfg)
	s := p.rec.Header.Settings
	if s["endpoint"] != srv.URL || s["temperature"] != "0.7" || s["max_tokens"] != "300" || s["model.seat1"] != "fake" {
		t.Errorf("header settings %v", s)
	}
}
