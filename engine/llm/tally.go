package llm

import (
	"maps"
	"sync"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Kinds of retry a run counts. No event carries a retry (only the final
// failure is recorded), so the factory tallies them for the summary and
// the progress display.
const (
	RetryRateLimit  = "rate_limit"   // a 429, sent again after the wait asked for
	RetryServer     = "server_error" // a 5xx
	RetryConnection = "connection"   // refused, reset or closed before any content
	RetryCut        = "cut_stream"   // a stream dropped mid-reply, asked again
	RetryReask      = "reask"        // a reply that broke the format, re-asked
)

// Tally counts retries by kind; it is safe for concurrent use, and a nil
// Tally counts nothing.
type Tally struct {
	mu sync.Mutex
	n  map[string]int
}

func (t *Tally) add(kind string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == nil {
		t.n = map[string]int{}
	}
	t.n[kind]++
}

// retried counts a call sent again after err.
func (t *Tally) retried(err *chat.Error) {
	switch {
	case err.Kind == chat.Status && err.StatusCode == 429:
		t.add(RetryRateLimit)
	case err.Kind == chat.Status:
		t.add(RetryServer)
	case err.Kind == chat.Cut || err.Kind == chat.Malformed:
		t.add(RetryCut)
	default:
		t.add(RetryConnection)
	}
}

// Counts returns the retries so far by kind (nil when there were none).
func (t *Tally) Counts() map[string]int {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return maps.Clone(t.n)
}
