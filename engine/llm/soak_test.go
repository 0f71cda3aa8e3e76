package llm

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestFaultSoak plays AGENTS and SCRIPT episodes against a loopback server
// that fails in every way it can: 500s, 429s with Retry-After, streams
// dropped mid-way, unreadable chunks, answers that break the action or
// script format, and requests that hang until the call's deadline. Every
// episode must end with a recorded status, the summary must count the
// retries and failures by kind, no goroutine may be left behind and the
// heap must stay bounded.
//
// The short form (24 episodes, 8 at a time) runs in the normal suite;
// OMNIGAP_SOAK=1 runs the long one (500 episodes, 32 at a time).
func TestFaultSoak(t *testing.T) {
	perMode, concurrency := 12, 8
	if os.Getenv("OMNIGAP_SOAK") != "" {
		perMode, concurrency = 250, 32
	}
	before := runtime.NumGoroutine()
	srv := llmtest.Start()
	srv.Keep = 1
	srv.Respond = breakSomeReplies(srv.Respond)
	srv.Chaos = faultMix()
	cfg := testConfig(srv)
	cfg.Timeout, cfg.IdleTimeout = 400*time.Millisecond, 200*time.Millisecond
	f := testFactory(cfg, func(o *transport.Options) {
		o.Policy.MaxBackoff, o.Policy.MaxRetryAfter = 10*time.Millisecond, 50*time.Millisecond
	})
	out := t.TempDir()
	var heapAtQuarter uint64
	total := 2 * perMode
	start := time.Now()
	o := batch.Options{Refs: []string{"craigslist/gen-*"}, Modes: []view.Mode{view.Agents, view.Script},
		Episodes: perMode, Seed: 7, Concurrency: concurrency, OutDir: out, Resolve: library.Resolve, Factory: f,
		Progress: func(p batch.Progress) {
			if p.Done == total/4 {
				heapAtQuarter = heapAfterGC()
			}
		}}
	outcome, err := batch.Study(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	heapAtEnd := heapAfterGC()
	requests := srv.Count()
	srv.Close()

	files, _ := filepath.Glob(filepath.Join(out, "*", "*.jsonl"))
	if len(files) == 0 {
		files, _ = filepath.Glob(filepath.Join(out, "*.jsonl"))
	}
	if len(files) != total {
		t.Fatalf("%d recordings for %d episodes", len(files), total)
	}
	for _, path := range files {
		rec, err := record.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Torn || rec.Footer == nil || rec.Ending() == nil {
			t.Fatalf("%s: torn %v, footer %v: no recorded status", path, rec.Torn, rec.Footer != nil)
		}
	}
	failures := map[string]int{}
	counted := 0
	for _, m := range outcome.Summary.Modes {
		counted += m.Episodes
		for k, n := range m.Failures {
			failures[string(k)] += n
		}
	}
	if counted != total || outcome.Progress.Done != total {
		t.Errorf("summary counts %d episodes, progress %d, of %d", counted, outcome.Progress.Done, total)
	}
	retries := outcome.Summary.Retries
	for _, kind := range []string{transport.RetryRateLimit, transport.RetryServer, transport.RetryCut, transport.RetryReask} {
		if retries[kind] == 0 {
			t.Errorf("no %s retries counted: %v", kind, retries)
		}
	}
	if failures["transport"] == 0 || failures["format"] == 0 {
		t.Errorf("failures by kind %v: want transport (hangs, retries used up) and format", failures)
	}
	if outcome.Progress.Retries != sumCounts(retries) {
		t.Errorf("progress shows %d retries, the summary %v", outcome.Progress.Retries, retries)
	}
	// Every goroutine the run started ends once the server is gone.
	deadline := time.After(5 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for waiting := true; waiting && runtime.NumGoroutine() > before; {
		select {
		case <-deadline:
			waiting = false
		case <-tick.C:
		}
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left, %d before the run:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
	const heapCap = 64 << 20
	if heapAtEnd > heapCap || heapAtEnd > 2*heapAtQuarter+16<<20 {
		t.Errorf("heap after GC: %d MiB at a quarter, %d MiB at the end", heapAtQuarter>>20, heapAtEnd>>20)
	}
	t.Logf("%d episodes at concurrency %d in %v: %d requests; retries %v; failures %v; heap after GC %.1f MiB at a quarter, %.1f MiB at the end",
		total, concurrency, took.Round(time.Millisecond), requests, retries, failures, float64(heapAtQuarter)/(1<<20), float64(heapAtEnd)/(1<<20))
}

func sumCounts(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// faultMix fails about one request in five, each way a server fails.
func faultMix() func(*llmtest.Request) llmtest.Fault {
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(13, 2))
	return func(*llmtest.Request) llmtest.Fault {
		mu.Lock()
		x := rng.Float64()
		mu.Unlock()
		switch {
		case x < 0.05:
			return llmtest.Fault{Status: 500, Message: "upstream worker crashed"}
		case x < 0.10:
			return llmtest.Fault{Status: 429, RetryAfter: "0.02", Message: "slow down"}
		case x < 0.14:
			return llmtest.Fault{DropAfter: 2}
		case x < 0.17:
			return llmtest.Fault{BadChunk: true}
		case x < 0.19:
			return llmtest.Fault{Hang: true}
		}
		return llmtest.Fault{}
	}
}

// breakSomeReplies makes about one reply in ten break the format: an
// action the agent may not take, or a script line no character speaks.
func breakSomeReplies(next func(*llmtest.Request) string) func(*llmtest.Request) string {
	if next == nil {
		next = llmtest.Default
	}
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(13, 3))
	return func(r *llmtest.Request) string {
		mu.Lock()
		x := rng.Float64()
		mu.Unlock()
		switch {
		case x >= 0.10:
		case strings.Contains(r.Message("system"), "scriptwriter"):
			return "Stage: the lights go out.\n"
		default:
			return `{"action": "teleport", "text": "Gone."}`
		}
		return next(r)
	}
}
