// Package testmain holds what a package's TestMain may set for its whole
// test process.
package testmain

import (
	"runtime/debug"
	"testing"
)

// gcPercent is the collector's target for CollectingLess: four times the
// live heap, not twice, as `omnigap run` sets it.
const gcPercent = 400

// CollectingLess runs m's tests collecting at gcPercent and returns
// their exit code. It is for tests that allocate much over a live heap
// of a few MB (imports of hundreds of scenarios, thousands of episodes
// or replies): collecting half as often saves about a sixth of their
// CPU (docs/TESTING.md). A TestMain is os.Exit(testmain.CollectingLess(m)).
func CollectingLess(m *testing.M) int {
	debug.SetGCPercent(gcPercent)
	return m.Run()
}
