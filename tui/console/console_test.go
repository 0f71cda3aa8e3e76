package console

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The console draws every line within the screen, at 80 columns and in
// a sliver, labels giving way before the figures, and keeps hostile text
// from reaching the terminal.
func TestConsoleFitsTheScreenAndCleansText(t *testing.T) {
	state := State{
		Lines: []string{"players connect with: ssh -p 2222 127.0.0.1", "\x1b]52;c;aGk=\x07hostile"},
		Heads: []string{"PEOPLE", "SCRIPT", "AGENTS"},
		Rows: []Row{
			{Label: "games played", Cells: []string{"12", "20", "20"}},
			{Label: "a very long label that has to give way", Cells: []string{"3.00 [0.00, 15.7]", "3.00 [2.60, 3.40]", "0.90 [0.14, 1.66]"}},
		},
		Notes: []string{"SCRIPT and AGENTS: 20 runs each"},
	}
	for _, w := range []int{80, 40, 5} {
		m := newModel(Options{Title: "omnigap serve", State: func() State { return state }})
		m.width, m.height = w, 24
		out := m.draw()
		for _, l := range strings.Split(out, "\n") {
			if got := ansi.StringWidth(l); got > w {
				t.Errorf("width %d: a line of %d cells: %q", w, got, l)
			}
		}
		if strings.Contains(out, "\x1b]52") {
			t.Errorf("width %d: an OSC 52 sequence reached the screen", w)
		}
		if w == 80 && (!strings.Contains(ansi.Strip(out), "3.00 [0.00, 15.7]") || !strings.Contains(ansi.Strip(out), "PEOPLE")) {
			t.Errorf("the figures should be whole at 80 columns:\n%s", ansi.Strip(out))
		}
	}
}

// The console finishes its sentences at the width it is drawn: a note or
// a line longer than the screen wraps at words instead of being cut.
func TestConsoleWrapsItsNotesAtNarrowWidths(t *testing.T) {
	note := "SCRIPT and AGENTS: 20 runs each, seeds 1 to 20 (people play seed 1)"
	line := "players connect with: ssh -p 2222 203.0.113.5"
	state := State{Lines: []string{line}, Heads: []string{"PEOPLE"}, Rows: []Row{{Label: "games played", Cells: []string{"1"}}}, Notes: []string{note}}
	for _, w := range []int{80, 40, 30} {
		m := newModel(Options{Title: "omnigap serve", State: func() State { return state }})
		m.width, m.height = w, 40
		var words []string
		for _, l := range strings.Split(ansi.Strip(m.draw()), "\n") {
			if ansi.StringWidth(l) > w {
				t.Errorf("width %d: a line of %d cells: %q", w, ansi.StringWidth(l), l)
			}
			words = append(words, strings.Fields(l)...)
		}
		text := strings.Join(words, " ")
		for _, want := range []string{note, line} {
			if !strings.Contains(text, want) {
				t.Errorf("width %d: %q is not whole on screen:\n%s", w, want, ansi.Strip(m.draw()))
			}
		}
	}
}

// The aside (the join address's QR code) is drawn whole under the notes
// when the screen has room for it, never wrapped, and left out when not;
// failures are drawn after the notes.
func TestConsoleDrawsItsAsideWholeOrNot(t *testing.T) {
	qr := []string{"█▀▀▀█ ▄ █▀▀▀█", "█ ▀ █ ▀ █ ▀ █", "▀▀▀▀▀ ▀ ▀▀▀▀▀"}
	state := State{Lines: []string{"phones join at http://127.0.0.1:8080/"}, Heads: []string{"PEOPLE"},
		Rows: []Row{{Label: "games played", Cells: []string{"1"}}}, Notes: []string{"a note"}, Failures: []string{"game of p-1 is no longer recorded: full"}}
	for _, tc := range []struct {
		w, h  int
		shown bool
	}{{80, 24, true}, {10, 24, false}, {80, 9, false}} {
		m := newModel(Options{Title: "omnigap serve", Aside: qr, State: func() State { return state }})
		m.width, m.height = tc.w, tc.h
		out := ansi.Strip(m.draw())
		if got := strings.Contains(out, qr[1]); got != tc.shown {
			t.Errorf("%dx%d: the aside shown %v, want %v:\n%s", tc.w, tc.h, got, tc.shown, out)
		}
		if tc.shown {
			// White ink on black, so a light terminal does not invert it.
			for _, line := range strings.Split(m.draw(), "\n") {
				if strings.Contains(ansi.Strip(line), qr[1]) && (!strings.Contains(line, "38;2;255;255;255") || !strings.Contains(line, "48;2;0;0;0")) {
					t.Errorf("%dx%d: the aside is not drawn white on black: %q", tc.w, tc.h, line)
				}
			}
		}
		if tc.w == 80 && tc.h == 24 && !(strings.Index(out, "a note") < strings.Index(out, "no longer recorded")) {
			t.Errorf("the failures should follow the notes:\n%s", out)
		}
	}
}
