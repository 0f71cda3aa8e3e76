package tui

import (
	"fmt"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	"github.com/omnigap/omnigap/engine/view"
)

// For the terminal, a frame leaves out the spaces that end a line only
// where no style is open; in full it keeps every piece as it is.
func TestFrameForTerminalDropsPlainLineEnds(t *testing.T) {
	for _, c := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"plain lines", []string{"ab  ", "\n", "  ", "\n", "cd "}, "ab\n\ncd"},
		{"after a reset", []string{"\x1b[1mab\x1b[m  ", "\n", "\x1b[0m ", "\n"}, "\x1b[1mab\x1b[m\n\x1b[0m\n"},
		{"after a reset in the piece before", []string{"\x1b[1mab\x1b[m", "cd  ", "\n"}, "\x1b[1mab\x1b[mcd\n"},
		{"only the line's last piece", []string{"ab  ", "cd  ", "\n"}, "ab  cd\n"},
		{"a background reaching the end", []string{"\x1b[7mab  \x1b[m", "\n", "\x1b[44m  "}, "\x1b[7mab  \x1b[m\n\x1b[44m  "},
		{"a style left open on the line before", []string{"\x1b[44mab", "\n", "  ", "\n", "\x1b[mcd  "}, "\x1b[44mab\n  \n\x1b[mcd"},
		{"a hyperlink", []string{"\x1b]8;;https://x\x1b\\ab  "}, "\x1b]8;;https://x\x1b\\ab  "},
		{"a style that is not a full reset", []string{"\x1b[0;1mab  "}, "\x1b[0;1mab  "},
	} {
		var f frame
		f.start()
		for _, p := range c.parts {
			f.add(p)
		}
		if got := f.join(true); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		f.start()
		for _, p := range c.parts {
			f.add(p)
		}
		if got, want := f.join(false), strings.Join(c.parts, ""); got != want {
			t.Errorf("%s in full: got %q, want %q", c.name, got, want)
		}
	}
}

// What the View hands Bubble Tea fills the same cells as the screen drawn
// in full, on every golden screen and on a wide screen of long turns, and
// is shorter (else trimming would be untested here).
func TestViewFillsTheCellsOfTheFullScreen(t *testing.T) {
	runs := builtinEvents(t)
	for _, size := range goldenSizes {
		for _, g := range goldenScreens {
			t.Run(fmt.Sprintf("%s-%dx%d", g.name, size.w, size.h), func(t *testing.T) {
				m := goldenModel(t, runs, size.w, size.h)
				g.open(m)
				sameCells(t, m, size.w, size.h)
			})
		}
	}
	t.Run("long-240x60", func(t *testing.T) {
		m := syntheticModel(t, view.Modes, 240, 60)
		feedTurns(m, 300)
		streamInto(m, 0, 301, "a turn still streaming")
		sameCells(t, m, 240, 60)
	})
}

func sameCells(t *testing.T, m *model, w, h int) {
	t.Helper()
	full, sent := m.render(), m.View().Content
	if len(sent) >= len(full) {
		t.Fatalf("nothing was trimmed: %d bytes sent of %d", len(sent), len(full))
	}
	want, got := uv.NewScreenBuffer(w, h), uv.NewScreenBuffer(w, h)
	uv.NewStyledString(full).Draw(want, want.Bounds())
	uv.NewStyledString(sent).Draw(got, got.Bounds())
	for y := range h {
		for x := range w {
			if a, b := got.CellAt(x, y), want.CellAt(x, y); !a.Equal(b) {
				t.Fatalf("cell %d,%d is %+v, want %+v", x, y, *a, *b)
			}
		}
	}
}
