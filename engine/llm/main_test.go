package llm

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain collects garbage at four times the live heap, not twice: these
// tests (thousands of streamed replies) allocate much over a live heap of a few megabytes, and
// collecting half as often saves a sixth of their CPU (docs/TESTING.md).
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
