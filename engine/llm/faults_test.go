package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// agentRun plays an AGENTS episode of the road-bike sale against srv.
func agentRun(t *testing.T, srv *llmtest.Server, cfg config.Config) played {
	t.Helper()
	return play(t, context.Background(), testFactory(cfg), resolve(t, "craigslist/road-bike"), view.Agents)
}

func TestAgentRetriesBeforeFirstToken(t *testing.T) {
	t.Parallel() // its own server; it waits or works while the others do
	srv := llmtest.Start()
	defer srv.Close()
	srv.Push(llmtest.Fault{Status: 500, Message: "overloaded"}, llmtest.Fault{Status: 503},
		llmtest.Fault{Status: 429, RetryAfter: "1", Message: "rate limited"})
	start := time.Now()
	p := agentRun(t, srv, testConfig(srv))
	if errs := p.errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("Retry-After: 1 not honoured, episode took %v", d)
	}
	if got, want := srv.Count(), 20+3; got != want {
		t.Errorf("%d requests, want %d", got, want)
	}
}

// TestRetryBackoffSetsTheFirstWait: retry_backoff (--retry-backoff)
// reaches the transport: the retry of a failed first call waits at least
// half of it (the jitter's least), longer than the default could.
func TestRetryBackoffSetsTheFirstWait(t *testing.T) {
	t.Parallel() // its own server; it waits or works while the others do
	srv := llmtest.Start()
	defer srv.Close()
	srv.Push(llmtest.Fault{Status: 500, Message: "restarting"})
	cfg := testConfig(srv)
	cfg.RetryBackoff = 1200 * time.Millisecond
	// The tests' factory caps every wait at 5 ms: the default cap here.
	f := testFactory(cfg, func(o *transport.Options) { o.Policy.MaxBackoff = 0 })
	if errs := play(t, context.Background(), f, resolve(t, "craigslist/road-bike"), view.Agents).errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	reqs := srv.Requests()
	if len(reqs) < 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	if gap := reqs[1].At.Sub(reqs[0].At); gap < cfg.RetryBackoff/2 {
		t.Errorf("the retry came %v after the failure; a first wait of %v is at least %v", gap, cfg.RetryBackoff, cfg.RetryBackoff/2)
	}
}

func TestAgentGivesUpAfterBoundedRetries(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	for range 4 {
		srv.Push(llmtest.Fault{Status: 500, Message: "engine on fire"})
	}
	p := agentRun(t, srv, testConfig(srv))
	errs := p.errors()
	if len(errs) != 1 || !strings.Contains(errs[0], "engine on fire") || !strings.Contains(errs[0], "4 tries") {
		t.Fatalf("errors %v", errs)
	}
	if a := p.actions()[0]; a.Type != event.None {
		t.Errorf("failed turn is %+v, want empty", a)
	}
	if len(p.actions()) != 20 {
		t.Errorf("episode stopped after %d turns", len(p.actions()))
	}
}

func TestAgentStreamCutRetriesTurnOnce(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.ChunkRunes = 6
	srv.Push(llmtest.Fault{DropAfter: 5}, llmtest.Fault{}, llmtest.Fault{BadChunk: true})
	p := agentRun(t, srv, testConfig(srv))
	if errs := p.errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	acts, deltas := p.actions(), p.deltas()
	if deltas[1] != acts[0].Text {
		t.Errorf("turn 1 streamed %q after the cut, completed %q", deltas[1], acts[0].Text)
	}
	if srv.Count() != 22 {
		t.Errorf("%d requests, want 22", srv.Count())
	}
	// Two cuts in one turn are an error.
	srv2 := llmtest.Start()
	defer srv2.Close()
	srv2.ChunkRunes = 6
	srv2.Push(llmtest.Fault{DropAfter: 2}, llmtest.Fault{DropAfter: 2})
	p = agentRun(t, srv2, testConfig(srv2))
	if errs := p.errors(); len(errs) != 1 || !strings.Contains(errs[0], "cut off") {
		t.Fatalf("errors %v", errs)
	}
}

func TestAgentTimeoutIsAnErrorAndTheRunGoesOn(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Push(llmtest.Fault{Hang: true})
	cfg := testConfig(srv)
	cfg.Timeout = 150 * time.Millisecond
	p := agentRun(t, srv, cfg)
	errs := p.errors()
	if len(errs) != 1 || !strings.Contains(errs[0], "within 150ms") {
		t.Fatalf("errors %v", errs)
	}
	if len(p.actions()) != 20 {
		t.Errorf("%d turns", len(p.actions()))
	}
}

func TestResponseFormatRefusalFallsBackAndIsRemembered(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.RefuseJSONFormat = true
	p := agentRun(t, srv, testConfig(srv))
	if errs := p.errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	// One refused request, then every turn without response_format.
	if srv.Count() != 21 {
		t.Errorf("%d requests, want 21", srv.Count())
	}
	reqs := srv.Requests()
	if reqs[0].ResponseFormat == nil || reqs[1].ResponseFormat != nil || reqs[len(reqs)-1].ResponseFormat != nil {
		t.Error("response_format not dropped after the refusal")
	}
}

func TestAgentToleratesMessyJSONAndReasksOnce(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	n := 0
	srv.Respond = func(r *llmtest.Request) string {
		n++
		switch n {
		case 1:
			return "Sure! Here is my move:\n```json\n{\"action\": \"offer\", \"text\": \"Would you take \\\"$450\\\"?\", \"price\": \"$450\",}\n```\nHope that helps."
		case 2:
			return "I think I will just wave."
		case 4, 5:
			return `{"action": "dance"}`
		}
		return llmtest.Action(r)
	}
	p := agentRun(t, srv, testConfig(srv))
	acts := p.actions()
	if a := acts[0]; a.Type != event.Offer || a.Arg != cl.Price(450) || a.Text != `Would you take "$450"?` {
		t.Errorf("turn 1 = %+v", a)
	}
	if p.deltas()[1] != `Would you take "$450"?` {
		t.Errorf("turn 1 streamed %q", p.deltas()[1])
	}
	if acts[1].Type != event.Speak {
		t.Errorf("re-asked turn 2 = %+v", acts[1])
	}
	// Every unusable answer is an error event: turn 2's first, and both of
	// turn 3's.
	errs := p.errors()
	if len(errs) != 3 || !strings.Contains(errs[2], "re-ask") || acts[2].Type != event.None {
		t.Errorf("errors %v, turn 3 %+v", errs, acts[2])
	}
	last := srv.Requests()[2]
	if len(last.Messages) != 4 || last.Messages[2].Role != "assistant" {
		t.Errorf("re-ask does not append to the conversation: %d messages", len(last.Messages))
	}
}

func TestKeyNeverLeaks(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	for range 100 {
		srv.Push(llmtest.Fault{Status: 401, Message: "Incorrect API key provided: " + testKey})
	}
	for _, mode := range view.Modes {
		p := play(t, context.Background(), testFactory(testConfig(srv)), resolve(t, "craigslist/road-bike"), mode)
		errs := p.errors()
		if len(errs) == 0 || !strings.Contains(errs[0], "Incorrect API key provided: [api key]") {
			t.Fatalf("%s: errors %v", mode, errs)
		}
		// play() already checked the recording; check the events too.
		for _, e := range errs {
			if strings.Contains(e, testKey) {
				t.Fatal("key in an error event")
			}
		}
		if p.ending.Reason != event.EmptyTurns {
			t.Errorf("%s ended %s", mode, p.ending.Reason)
		}
	}
	if srv.Requests()[0].Authorization != "Bearer "+testKey {
		t.Error("the key was not sent")
	}
}

func TestCancelStopsInFlightCalls(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	for range 4 {
		srv.Push(llmtest.Fault{Hang: true})
	}
	f := testFactory(testConfig(srv))
	for _, mode := range view.Modes {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		p := play(t, ctx, f, resolve(t, "craigslist/road-bike"), mode)
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: cancel took %v", mode, d)
		}
		if p.ending.Reason != event.Canceled {
			t.Errorf("%s ended %s", mode, p.ending.Reason)
		}
	}
}

func TestAgentPromptsOnlyGrow(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	agentRun(t, srv, testConfig(srv))
	reqs := srv.Requests()
	for i := 2; i < len(reqs); i++ {
		prev, cur := reqs[i-2], reqs[i] // the same seat's previous call
		if prev.Message("system") != cur.Message("system") {
			t.Fatalf("call %d: system message changed", i)
		}
		p := prev.Message("user")
		stable := p[:strings.LastIndex(p, "\nTurn ")]
		if !strings.HasPrefix(cur.Message("user"), stable) {
			t.Fatalf("call %d rewrites the earlier prompt", i)
		}
	}
}
