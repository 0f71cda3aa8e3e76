package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/termtest"
	"github.com/omnigap/omnigap/internal/tools"
)

// TestColourProfileIsProbedOnce: inside tmux, finding the terminal's
// colour profile runs `tmux info` (docs/PERFORMANCE.md). The app asks
// once, beside its other start work rather than in lipgloss's
// initialisation, and hands the answer to Bubble Tea instead of letting
// it ask again; a tmux that says it passes 24-bit colour gets it.
func TestColourProfileIsProbedOnce(t *testing.T) {
	t.Parallel()
	real := tools.Need(t, "tmux")
	// A tmux on the app's PATH that notes each call and answers `info`
	// with 24-bit colour; the rest goes to the real one.
	bin := t.TempDir()
	calls := filepath.Join(bin, "calls")
	wrapper := "#!/bin/sh\necho \"$*\" >> " + calls + "\n" +
		"if [ \"$1\" = info ]; then echo '  RGB: (flag) true'; exit 0; fi\n" +
		"exec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "tmux"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	tm, dir := launchSized(t, "probe", 120, 40, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, "watch", "--pace", "250ms")
	tm.waitFor("the pane headers", 10*time.Second, func(s string) bool { return strings.Contains(s, " AGENTS ") })
	styled := tm.tmux("capture-pane", "-p", "-e", "-t", "e2e")
	tm.quit(dir)
	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatalf("the app never asked tmux for its colour profile (%v): the test no longer sees the probe", err)
	}
	if n := strings.Count(string(data), "info"); n != 1 {
		t.Errorf("tmux was asked %d times for its colour profile, want once:\n%s", n, data)
	}
	if !strings.Contains(styled, "38;2;") {
		t.Errorf("tmux said it passes 24-bit colour, but the screen has none:\n%q", styled[:min(len(styled), 600)])
	}
}

// TestTmuxIsHiddenFromLipglossStart: internal/tmuxenv, which takes TMUX
// out of the environment until main, is initialised before lipgloss, whose
// initialisation would otherwise run `tmux info` on the way to main.
func TestTmuxIsHiddenFromLipglossStart(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(termtest.Binary(t), "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	tmuxenv := strings.Index(string(out), "omnigap/internal/tmuxenv ")
	lipgloss := strings.Index(string(out), "charm.land/lipgloss/v2 ")
	if tmuxenv < 0 || lipgloss < 0 || tmuxenv > lipgloss {
		t.Errorf("internal/tmuxenv is initialised at %d of the trace, lipgloss at %d: it must come first (-1: not in the trace)", tmuxenv, lipgloss)
	}
}
