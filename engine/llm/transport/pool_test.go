package transport

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/openaiapi"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// over is a transport to the servers, the first taking most calls, with
// quick retries.
func over(rest time.Duration, servers ...*llmtest.Server) *Transport {
	o := Options{Policy: Policy{Timeout: 3 * time.Second, Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}, Rest: rest}
	for _, srv := range servers {
		o.Clients = append(o.Clients, openaiapi.New(openaiapi.Config{BaseURL: srv.URL}))
	}
	return New(o)
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
	c := over(0, healthy, failing).Caller()
	ask := func(ctx context.Context, text string) error {
		req := chat.Request{Model: "fake", Messages: []chat.Message{{Role: chat.User, Content: text}}}
		_, _, err := c.Call(ctx, req, func(string) {})
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
	const rest = time.Second
	c := over(rest, good, down).Caller()
	// Four calls at a time, so the healthy endpoint is busy and the
	// failing one is chosen until it rests.
	burst := func() {
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				req := chat.Request{Model: "fake", Messages: []chat.Message{{Role: chat.User, Content: "hello"}}}
				if _, _, err := c.Call(context.Background(), req, func(string) {}); err != nil {
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
	if time.Since(start) > rest/2 {
		t.Skipf("too slow a machine to stay within the rest: %v", time.Since(start))
	}
	if down.Count() != resting {
		t.Fatalf("a resting endpoint was called: %d calls, %d before its rest", down.Count(), resting)
	}
	// The sleep is the thing under test: a rest is a span of wall time
	// (the pool reads the clock), after which the endpoint is tried again.
	time.Sleep(rest)
	burst()
	if down.Count() == resting {
		t.Error("the rested endpoint was never tried again")
	}
}
