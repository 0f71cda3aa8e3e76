package llm

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/llmtest"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
)

// TestFailingEndpointGetsFewerCalls runs 16 AGENTS episodes over two
// loopback endpoints, the second answering 500 to every other request:
// every episode plays to its end, and the failing endpoint, rested when
// half its recent calls fail, is sent fewer calls than the healthy one.
func TestFailingEndpointGetsFewerCalls(t *testing.T) {
	good, bad := llmtest.Start(), llmtest.Start()
	defer good.Close()
	defer bad.Close()
	good.ChunkDelay = time.Millisecond
	bad.ChunkDelay = time.Millisecond
	for range 1000 {
		bad.Push(llmtest.Fault{Status: 500, Message: "replica overloaded"}, llmtest.Fault{})
	}
	cfg := testConfig(good)
	cfg.Replicas = []Endpoint{{URL: bad.URL, APIKey: testKey}}
	cfg.Rest = 100 * time.Millisecond
	f := NewFactory(cfg)
	results, err := batch.Run(context.Background(), batch.Options{
		Refs: []string{"craigslist/gen-*"}, Modes: []view.Mode{view.Agents}, Episodes: 16, Seed: 1,
		Concurrency: 8, OutDir: t.TempDir(), Resolve: library.Resolve, Factory: f,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		rec, err := record.Read(r.Recording)
		if err != nil {
			t.Fatal(err)
		}
		if end := rec.Ending(); end == nil || end.Reason != event.TurnLimit || r.Errors != 0 {
			t.Fatalf("%s: ending %+v, %d errors", r.Recording, end, r.Errors)
		}
	}
	t.Logf("healthy endpoint: %d requests; failing one: %d requests; retries %v", good.Count(), bad.Count(), f.Retries())
	if bad.Count() == 0 || bad.Count() >= good.Count() {
		t.Errorf("healthy endpoint got %d requests, failing one %d", good.Count(), bad.Count())
	}
	if f.Retries()[RetryServer] == 0 {
		t.Error("no server-error retries counted")
	}
}

// TestARetryGoesToAnotherEndpoint: a call that fails on one endpoint is
// tried again on the other, even when that one is busier. Before, the
// retry went back to the idle failing endpoint and a call could use up
// its tries there while a healthy replica was up.
func TestARetryGoesToAnotherEndpoint(t *testing.T) {
	healthy, failing := llmtest.Start(), llmtest.Start()
	defer healthy.Close()
	defer failing.Close()
	hang, arrived := llmtest.HangWhen(func(r *llmtest.Request) bool { return r.Last() == "occupy" })
	healthy.Chaos = hang
	for range 4 {
		failing.Push(llmtest.Fault{Status: 500, Message: "replica overloaded"})
	}
	cfg := testConfig(healthy)
	cfg.Replicas = []Endpoint{{URL: failing.URL, APIKey: testKey}}
	c := NewFactory(cfg).caller("fake")
	ask := func(ctx context.Context, text string) error {
		req := chat.Request{Model: "fake", Messages: []chat.Message{{Role: chat.User, Content: text}}}
		_, _, err := c.call(ctx, req, func(string) {})
		return err
	}
	// One call hangs on the healthy endpoint, so the next goes to the idle
	// failing one first.
	occupied, release := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		ask(occupied, "occupy")
	}()
	select {
	case <-arrived:
	case <-time.After(5 * time.Second):
		t.Fatal("the occupying call never reached the healthy endpoint")
	}
	err := ask(context.Background(), "hello")
	release()
	<-done
	if err != nil {
		t.Fatalf("the call failed although a healthy endpoint was up: %v", err)
	}
	if failing.Count() != 1 {
		t.Errorf("the failing endpoint was tried %d times, want 1", failing.Count())
	}
}

// TestPoolRestsAndTriesAgain: an endpoint that fails every call is rested
// after a few, left alone while it rests, and tried again afterwards.
func TestPoolRestsAndTriesAgain(t *testing.T) {
	good, down := llmtest.Start(), llmtest.Start()
	defer good.Close()
	defer down.Close()
	good.ChunkDelay = 2 * time.Millisecond
	for range 100 {
		down.Push(llmtest.Fault{Status: 503})
	}
	cfg := testConfig(good)
	cfg.Replicas = []Endpoint{{URL: down.URL}}
	cfg.Rest = time.Second
	c := NewFactory(cfg).caller("fake")
	// Four calls at a time, so the healthy endpoint is busy and the
	// failing one is chosen until it rests.
	burst := func() {
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				req := chat.Request{Model: "fake", Messages: []chat.Message{{Role: chat.User, Content: "hello"}}}
				if _, _, err := c.call(context.Background(), req, func(string) {}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	start := time.Now()
	for range 3 {
		burst()
	}
	resting := down.Count()
	if resting < minCalls || resting > minCalls+4 {
		t.Fatalf("the failing endpoint was tried %d times before its rest, want %d to %d", resting, minCalls, minCalls+4)
	}
	for range 3 {
		burst()
	}
	if time.Since(start) > cfg.Rest/2 {
		t.Skipf("too slow a machine to stay within the rest: %v", time.Since(start))
	}
	if down.Count() != resting {
		t.Fatalf("a resting endpoint was called: %d calls, %d before its rest", down.Count(), resting)
	}
	// The sleep is the thing under test: a rest is a span of wall time
	// (the pool reads the clock), after which the endpoint is tried again.
	time.Sleep(cfg.Rest)
	burst()
	if down.Count() == resting {
		t.Error("the rested endpoint was never tried again")
	}
}

// TestEveryEndpointKeepsItsOwnKeyAndIsRecordedWithout: OPENAI_API_KEY goes
// only to api.openai.com among several endpoints, a named key goes to
// all, and the header lists them all without credentials.
func TestEveryEndpointKeepsItsOwnKeyAndIsRecordedWithout(t *testing.T) {
	key := env(map[string]string{"OPENAI_API_KEY": "sk-openai", "LOCAL_KEY": "sk-local"})
	_, cfg, err := Resolve(Settings{}, Settings{BaseURL: "https://api.openai.com/v1",
		ExtraBaseURLs: []string{"http://user:pw@replica:8000/v1?token=abc"}, Model: "m"}, key)
	if err != nil {
		t.Fatal(err)
	}
	if e := cfg.Endpoints(); len(e) != 2 || e[0].APIKey != "sk-openai" || e[1].APIKey != "" {
		t.Errorf("endpoints %+v", e)
	}
	header := NewFactory(cfg).Settings(view.Agents)["endpoint"]
	if header != "https://api.openai.com/v1 http://replica:8000/v1" {
		t.Errorf("recorded endpoints %q", header)
	}
	_, cfg, err = Resolve(Settings{}, Settings{BaseURL: "http://a:1/v1", ExtraBaseURLs: []string{"http://b:2/v1"},
		APIKeyEnv: "LOCAL_KEY", Model: "m"}, key)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cfg.Endpoints() {
		if e.APIKey != "sk-local" {
			t.Errorf("%s: key %q, want the named one", e.URL, e.APIKey)
		}
	}
	if _, _, err := Resolve(Settings{}, Settings{BaseURL: "http://a:1/v1", ExtraBaseURLs: []string{"ftp://b?key=sk-x"}, Model: "m"}, key); err == nil || strings.Contains(err.Error(), "sk-x") {
		t.Errorf("a bad replica URL: %v", err)
	}
}
