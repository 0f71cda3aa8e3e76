package studybar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/view"
)

// TestStudyDisplayFitsAndCounts: one bar per mode with its count, within
// the terminal's width, and a status line with rate, time left, tokens
// and errors.
func TestStudyDisplayFitsAndCounts(t *testing.T) {
	p := batch.Options{Refs: []string{"a", "b"}, Modes: view.Modes, Episodes: 50}.Plan()
	p.Modes[0].Done, p.Modes[1].Done, p.Modes[2].Done = 40, 30, 20
	p.Done, p.Skipped, p.Tokens, p.Errors, p.Elapsed = 90, 30, 12345, 2, 10*time.Second
	for _, width := range []int{40, 80, 240} {
		lines := strings.Split(render(p, width), "\n")
		if len(lines) < 4 {
			t.Fatalf("width %d: %d lines", width, len(lines))
		}
		for i, line := range lines {
			if w := ansi.StringWidth(line); w > width {
				t.Errorf("width %d: line %d is %d wide: %q", width, i, w, ansi.Strip(line))
			}
		}
		for i, want := range []string{"SCRIPT", "AGENTS", "MINDREADERS"} {
			if plain := ansi.Strip(lines[i]); !strings.HasPrefix(plain, want) || !strings.Contains(plain, []string{"40/100", "30/100", "20/100"}[i]) {
				t.Errorf("width %d: bar %d reads %q", width, i, plain)
			}
		}
	}
	status := StatusLine(p)
	for _, want := range []string{"90/300 episodes", "30 already recorded", "6.0/s", "35s left", "12345 tokens", "2 errors", "script 40/100"} {
		if !strings.Contains(status, want) {
			t.Errorf("status %q lacks %q", status, want)
		}
	}
}
