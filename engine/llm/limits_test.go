package llm

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestRPMHoldsInEveryWindowAtTheServer runs four AGENTS episodes at once
// under a cap of 10 requests per 200 ms window (a shortened minute) and
// checks, from the times the server saw the requests, that no window held
// more than 10.
func TestRPMHoldsInEveryWindowAtTheServer(t *testing.T) {
	const rpm, window = 10, 200 * time.Millisecond
	srv := llmtest.Start()
	defer srv.Close()
	cfg := testConfig(srv)
	cfg.RPM = rpm
	start := time.Now()
	runFourAtOnce(t, cfg, window)
	reqs := srv.Requests()
	if len(reqs) < 60 {
		t.Fatalf("only %d requests", len(reqs))
	}
	// The server lists requests once their bodies are read; what counts
	// is when each arrived.
	slices.SortFunc(reqs, func(a, b *llmtest.Request) int { return a.At.Compare(b.At) })
	for i := rpm; i < len(reqs); i++ {
		if gap := reqs[i].At.Sub(reqs[i-rpm].At); gap < window {
			t.Fatalf("requests %d and %d arrived %v apart: %d in less than %v", i-rpm, i, gap, rpm+1, window)
		}
	}
	// The cap is used, not just respected: the run took about as long as
	// the windows it needed, no more than twice that.
	need := time.Duration(len(reqs)/rpm-1) * window
	if took := time.Since(start); took > 2*need+time.Second {
		t.Errorf("%d requests took %v; the cap allows them in about %v", len(reqs), took, need)
	}
	t.Logf("%d requests in %v under %d per %v", len(reqs), time.Since(start), rpm, window)
}

// TestTPMHoldsInEveryWindowAtTheServer runs four AGENTS episodes at once
// under a cap of 4,000 tokens per 200 ms window (a shortened minute) and
// checks, from the tokens the server counted for each request and the
// time it arrived, that no window held more than the cap: with the
// replies capped (--max-tokens) and without, when the limiter only learns
// a reply's length from the server's count.
func TestTPMHoldsInEveryWindowAtTheServer(t *testing.T) {
	for _, maxTokens := range []int{120, 0} {
		t.Run(fmt.Sprintf("max-tokens=%d", maxTokens), func(t *testing.T) {
			t.Parallel() // each its own server and limiter, mostly waiting
			checkTPMAtServer(t, maxTokens)
		})
	}
}

func checkTPMAtServer(t *testing.T, maxTokens int) {
	const tpm, window = 4000, 200 * time.Millisecond
	srv := llmtest.Start()
	defer srv.Close()
	cfg := testConfig(srv)
	cfg.MaxTokens = maxTokens
	cfg.TPM = tpm
	start := time.Now()
	runFourAtOnce(t, cfg, window)
	spent := srv.Spending()
	if len(spent) < 60 {
		t.Fatalf("only %d requests answered", len(spent))
	}
	slices.SortFunc(spent, func(a, b llmtest.Spent) int { return a.At.Compare(b.At) })
	allowed := tpm + unforeseen(spent, maxTokens)
	total, most := 0, 0
	for i, s := range spent {
		total += s.Tokens
		inWindow := 0
		for _, later := range spent[i:] {
			if later.At.Sub(s.At) >= window {
				break
			}
			inWindow += later.Tokens
		}
		if inWindow > allowed {
			t.Fatalf("%d tokens arrived in the %v from request %d (at %v), more than %d", inWindow, window, i, s.At.Sub(start), allowed)
		}
		most = max(most, inWindow)
	}
	// The cap is used, not just respected.
	need := time.Duration(total/tpm-1) * window
	if took := time.Since(start); took > 2*need+time.Second {
		t.Errorf("%d tokens took %v; the cap allows them in about %v", total, took, need)
	}
	t.Logf("%d requests, %d tokens in %v under %d per %v (%d allowed); the fullest window held %d", len(spent), total, time.Since(start).Round(time.Millisecond), tpm, window, allowed, most)
}

// unforeseen is how far LLM.md lets a window pass the token cap: by
// nothing when --max-tokens bounds the replies; without it, by what a
// reply longer than any before it adds, which is at most how much longer
// the longest reply is than the first (the first call goes alone, so its
// length is known before calls overlap).
func unforeseen(spent []llmtest.Spent, maxTokens int) int {
	if maxTokens > 0 || len(spent) == 0 {
		return 0
	}
	longest := 0
	for _, s := range spent {
		longest = max(longest, s.Completion)
	}
	return longest - spent[0].Completion
}

// runFourAtOnce plays four AGENTS episodes at once against cfg, the rate
// limits holding over window instead of a minute.
func runFourAtOnce(t *testing.T, cfg config.Config, window time.Duration) {
	t.Helper()
	if _, err := batch.Run(context.Background(), batch.Options{
		Refs: []string{"craigslist/gen-*"}, Modes: []view.Mode{view.Agents}, Episodes: 4, Seed: 1,
		Concurrency: 4, OutDir: t.TempDir(), Resolve: library.Resolve, Factory: testFactory(cfg, func(o *transport.Options) { o.Limits.Window = window }),
	}); err != nil {
		t.Fatal(err)
	}
}
