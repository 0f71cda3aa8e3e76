package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/tools"
)

// TestColourProfileIsProbedOnce: inside tmux, finding the terminal's
// colour profile runs `tmux info`, about 15 ms before the first frame
// each time (docs/PERFORMANCE.md); the app asks once, at start, and hands
// the answer to Bubble Tea instead of letting it ask again.
func TestColourProfileIsProbedOnce(t *testing.T) {
	t.Parallel()
	real := tools.Need(t, "tmux")
	// A tmux on the app's PATH that notes each call, then runs the real one.
	bin := t.TempDir()
	calls := filepath.Join(bin, "calls")
	wrapper := "#!/bin/sh\necho \"$*\" >> " + calls + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "tmux"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	tm, dir := launchSized(t, "probe", 120, 40, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, "watch", "--pace", "250ms")
	tm.waitFor("the pane headers", 10*time.Second, func(s string) bool { return strings.Contains(s, " AGENTS ") })
	tm.quit(dir)
	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatalf("the app never asked tmux for its colour profile (%v): the test no longer sees the probe", err)
	}
	if n := strings.Count(string(data), "info"); n != 1 {
		t.Errorf("tmux was asked %d times for its colour profile, want once:\n%s", n, data)
	}
}
