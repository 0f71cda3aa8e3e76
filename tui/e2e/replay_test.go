package e2e

import (
	"path/filepath"
	"testing"
	"time"
)

// A replay at a speed other than 1x plays to its end: the shipped
// road-bike recordings at --speed 8 and at --speed 2 (recorded gaps that
// did not divide by the speed once froze them).
func TestReplayAtSpeedsPlaysToTheEnd(t *testing.T) {
	paths, _ := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if len(paths) != 3 {
		t.Fatalf("shipped road-bike recordings: %v", paths)
	}
	for i, p := range paths {
		paths[i], _ = filepath.Abs(p)
	}
	for _, speed := range []string{"8", "2"} {
		tm, dir := launch(t, "replay-speed-"+speed, append([]string{"replay", "--speed", speed}, paths...)...)
		tm.waitFor("every replay ended at "+speed+"x", 30*time.Second, func(s string) bool {
			_, states := panes(s)
			return len(states) == 3 && all(states, "ended")
		})
		tm.quit(dir)
	}
}
