package transport

import (
	"maps"
	"sync"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Kinds of retry a run counts. No event carries a retry (only the final
// failure is recorded): each backend tallies its own, and the episode's
// ending holds them (event.Ending.Retries), so a study resumed from its
// recordings counts the same as one that ran at once.
const (
	RetryRateLimit  = "rate_limit"   // a 429, sent again after the wait asked for
	RetryServer     = "server_error" // a 5xx
	RetryConnection = "connection"   // refused, reset or closed before any content
	RetryCut        = "cut_stream"   // a stream dropped mid-reply, asked again
	RetryReask      = "reask"        // a reply that broke the format, re-asked
)

// Tally counts retries by kind, and adds each to its parent's count too;
// it is safe for concurrent use, and a nil Tally counts nothing.
type Tally struct {
	parent *Tally
	mu     sync.Mutex
	n      map[string]int
}

func (t *Tally) add(kind string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	if t.n == nil {
		t.n = map[string]int{}
	}
	t.n[kind]++
	t.mu.Unlock()
	t.parent.add(kind)
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
