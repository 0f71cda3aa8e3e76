package pane

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Turns is the number of turns started.
func (p *Pane) Turns() int { return len(p.turns) }

// Cursor is the selected turn, 0 for none.
func (p *Pane) Cursor() int { return p.cursor }

// SelectNote selects annotation i of the selected turn.
func (p *Pane) SelectNote(i int) { p.note = i }

// Note is the selected annotation of the selected turn, -1 for none.
func (p *Pane) Note() int { return p.note }

// Text is turn n's text made safe for the terminal, "" for a turn not
// started.
func (p *Pane) Text(n int) string {
	if e := p.turn(n); e != nil {
		return textsafe.Clean(e.raw)
	}
	return ""
}

// Speaker is who speaks in turn n.
func (p *Pane) Speaker(n int) string {
	if e := p.turn(n); e != nil {
		return e.speaker
	}
	return ""
}

// Annotations are turn n's annotations.
func (p *Pane) Annotations(n int) []event.Annotation {
	if e := p.turn(n); e != nil {
		return e.anns
	}
	return nil
}

// Said quotes the words annotation a of turn n marks, after a space, or
// is empty.
func (p *Pane) Said(n int, a event.Annotation) string {
	words := []rune(p.Text(n))
	if a.Start >= 0 && a.End <= len(words) && a.Start < a.End {
		return fmt.Sprintf(" %q", string(words[a.Start:a.End]))
	}
	return ""
}

// Says reports whether turn n's text holds needle, case folded (needle
// in lower case).
func (p *Pane) Says(n int, needle string) bool {
	return strings.Contains(strings.ToLower(p.Text(n)), needle)
}

// SelectTurn marks turn n (0 clears the mark) and puts it at the top.
func (p *Pane) SelectTurn(n int) {
	if old := p.turn(p.cursor); old != nil {
		old.selected = false
		p.changed(p.turns[p.cursor-1])
	}
	p.cursor, p.note = n, -1
	if e := p.turn(n); e != nil {
		e.selected = true
		p.changed(p.turns[n-1])
		p.ScrollToTurn(n)
	}
}

// NextNote finds the annotation after (d > 0) or before annotation idx of
// turn.
func (p *Pane) NextNote(turn, idx, d int) (int, int, bool) {
	for t := turn; t >= 1 && t <= len(p.turns); t += d {
		e := p.turn(t)
		if d > 0 {
			start := 0
			if t == turn {
				start = idx + 1
			}
			if start < len(e.anns) {
				return t, max(start, 0), true
			}
			continue
		}
		end := len(e.anns) - 1
		if t == turn {
			end = min(idx-1, end)
		}
		if end >= 0 {
			return t, end, true
		}
	}
	return 0, 0, false
}

// History is the pane's dialogue so far as the runner keeps it: the
// finished turns.
func (p *Pane) History() []event.Turn {
	var out []event.Turn
	for _, e := range p.entries {
		if e.kind == turnEntry && e.action != nil {
			out = append(out, e.runTurn())
		}
	}
	return out
}

// Prefix is turns 1..n, or nil when one has not finished.
func (p *Pane) Prefix(n int) []event.Turn {
	if n > len(p.turns) {
		return nil
	}
	out := make([]event.Turn, 0, n)
	for t := 1; t <= n; t++ {
		e := p.turn(t)
		if e.action == nil {
			return nil
		}
		out = append(out, e.runTurn())
	}
	return out
}

func (e *entry) runTurn() event.Turn {
	return event.Turn{Number: e.turn, Seat: e.seat, Speaker: e.speaker, Backend: e.backend, Action: *e.action}
}
