package pane

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/tui/ui"
)

// entryKind says what a transcript entry is.
type entryKind uint8

const (
	turnEntry  entryKind = iota
	noteEntry            // a take-over, hand-back or the run's end
	errorEntry           // a backend error
)

// textIndent is the indent of a turn's text under its header line.
const textIndent = 2

// entry is one item of a pane's transcript. Its wrapped, styled lines are
// cached for one width; a streaming turn is re-wrapped when a delta
// arrives, a finished one only when the width, the styles or its
// annotations change.
type entry struct {
	kind    entryKind
	turn    int
	seat    int
	speaker string
	backend string
	// raw is the untrusted text: the streamed deltas, replaced by the
	// action's text when the turn completes, or a note's text.
	raw    string
	action *event.Action // nil while the turn streams
	anns   []event.Annotation
	// selected marks the turn the user moved to (g [ ] { } /).
	selected bool

	width int      // 0: no cache
	lines []string // each padded to width
}

func (e *entry) streaming() bool { return e.kind == turnEntry && e.action == nil }

func (e *entry) invalidate() { e.width = 0 }

// render fills the line cache for width, with defaultBackend the pane's
// usual player of the seat (a different one is named in the header);
// masked leaves the annotations out.
func (e *entry) render(width int, st *ui.Styles, defaultBackend string, masked bool) {
	if e.width == width {
		return
	}
	e.width = width
	e.lines = e.lines[:0]
	switch e.kind {
	case noteEntry, errorEntry:
		text, style := e.raw, st.Note
		if e.kind == errorEntry {
			text, style = "error: "+e.raw, st.ErrText
		}
		// Continuation lines hang under the first.
		lines, widths := wrapMarked(textsafe.Clean(text), nil, width-textIndent, nil)
		indent := ""
		for i, l := range lines {
			e.lines = append(e.lines, ui.Pad(indent+style.Render(l), len(indent)+widths[i], width))
			indent = strings.Repeat(" ", textIndent)
		}
	default:
		e.lines = append(e.lines, ui.Fit(e.header(st, defaultBackend), width))
		anns := e.anns
		if masked {
			anns = nil
		}
		text, marks := highlight.Text(e.raw, anns)
		if strings.TrimSpace(text) == "" {
			return
		}
		hl := st.Marks
		if st.Spacious {
			marks, hl = boldBody(text, marks, st)
		}
		lines, widths := wrapMarked(text, marks, width-textIndent, hl)
		indent := strings.Repeat(" ", textIndent)
		for i, l := range lines {
			e.lines = append(e.lines, ui.Pad(indent+l, textIndent+widths[i], width))
		}
		if st.Spacious {
			e.lines = append(e.lines, strings.Repeat(" ", width))
		}
	}
}

// boldBody marks the unhighlighted text of a turn with the presenter's
// body style, one mark past the highlights.
func boldBody(text string, marks []mark, st *ui.Styles) ([]mark, []lipgloss.Style) {
	body := mark(len(st.Marks) + 1)
	if marks == nil {
		marks = make([]mark, utf8.RuneCountInString(text))
	}
	for i := range marks {
		if marks[i] == 0 {
			marks[i] = body
		}
	}
	return marks, append(st.Marks[:len(st.Marks):len(st.Marks)], st.Body)
}

// header is a turn's first line: number, speaker in the seat's colour, the
// move when it is not plain speech, and who played when it was not the
// seat's usual backend.
func (e *entry) header(st *ui.Styles, defaultBackend string) string {
	var b strings.Builder
	if e.selected {
		b.WriteString(st.ModeFocused.Render("▶ " + strconv.Itoa(e.turn)))
	} else {
		b.WriteString(st.Dim.Render(strconv.Itoa(e.turn)))
	}
	b.WriteByte(' ')
	b.WriteString(st.Seat[e.seat&1].Render(ui.Line(e.speaker)))
	if e.action != nil {
		if move := scenario.Label(*e.action); move != "" {
			b.WriteString(" ")
			b.WriteString(st.Action.Render("· " + ui.Line(move)))
		}
	}
	if e.backend != "" && e.backend != defaultBackend {
		b.WriteString(st.Dim.Render(" (" + ui.Line(e.backend) + ")"))
	}
	if e.streaming() {
		b.WriteString(st.Dim.Render(" …"))
	}
	return b.String()
}
