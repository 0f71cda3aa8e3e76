package tui

import (
	"slices"
	"strings"
)

// frame is the last screen drawn and the pieces it was joined from. A
// screen made of the same pieces is handed out again without joining
// them: a message that changes nothing on screen (a delta to a pane
// scrolled away from it, a turn no tab shows) costs a comparison of the
// pieces, most of them the very strings of the last screen, and Bubble
// Tea skips the frame as it equals the last.
type frame struct {
	parts, last []string
	screen      string
	forTerminal bool // whether screen was joined for the terminal
	ok          bool
}

// start begins the pieces of the next screen.
func (f *frame) start() { f.parts = f.parts[:0] }

// add appends a piece of the next screen.
func (f *frame) add(s string) { f.parts = append(f.parts, s) }

// join returns the screen of the pieces added since start. For the
// terminal, the spaces that end a piece ending a line are left out when
// no style is open there: Bubble Tea clears its cells to blanks before it
// parses each frame into them, so those spaces only cost it parsing (a
// fifth of a 240x60 screen), while the cells, and the bytes written to
// the terminal, stay the same.
func (f *frame) join(forTerminal bool) string {
	if f.ok && f.forTerminal == forTerminal && slices.Equal(f.parts, f.last) {
		return f.screen
	}
	n := 0
	for _, s := range f.parts {
		n += len(s)
	}
	var b strings.Builder
	b.Grow(n)
	plain := true // no style is open after the pieces written so far
	for i, s := range f.parts {
		if strings.IndexByte(s, '\x1b') >= 0 {
			last := s[strings.LastIndexByte(s, '\x1b'):]
			plain = strings.HasPrefix(last, "\x1b[m") || strings.HasPrefix(last, "\x1b[0m")
		}
		if forTerminal && plain && (i+1 == len(f.parts) || f.parts[i+1] == "\n") {
			s = strings.TrimRight(s, " ")
		}
		b.WriteString(s)
	}
	f.screen, f.forTerminal, f.ok = b.String(), forTerminal, true
	f.parts, f.last = f.last, f.parts
	return f.screen
}
