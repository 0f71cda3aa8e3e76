package pane

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/tui/ui"
)

func TestHighlightSurvivesWrappingAndSanitizing(t *testing.T) {
	st := ui.NewStyles(true)
	// The span straddles a wrap, and escape sequences before it shift the
	// raw offsets: the mark must still land on "hairline crack", opened by
	// the leak's marker.
	raw := "\x1b[31mNote\x1b[0m: the frame has a hairline crack near the seat tube."
	start := strings.Index(raw, "hairline")
	anns := []event.Annotation{{Kind: event.Leak, Start: start, End: start + len("hairline crack")}}
	text, marks := highlight.Text(raw, anns)
	lines, widths := wrapMarked(text, marks, 24, st.Marks)
	if got := ansi.Strip(strings.Join(lines, "|")); got != "Note: the frame has a|!hairline crack near the|seat tube." {
		t.Fatalf("wrapped text = %q", got)
	}
	if !strings.Contains(lines[1], st.Highlight[event.Leak].Render("!hairline crack")) {
		t.Errorf("the leak span lost its style: %q", lines[1])
	}
	for i, l := range lines {
		if ansi.StringWidth(l) != widths[i] {
			t.Errorf("line %d: width %d recorded as %d", i, ansi.StringWidth(l), widths[i])
		}
	}
	// A span cut by a line break is styled on both lines.
	anns = []event.Annotation{{Kind: event.Disclosure, Start: 10, End: 30}}
	text, marks = highlight.Text("the frame has a hairline crack", anns)
	lines, _ = wrapMarked(text, marks, 16, st.Marks)
	if len(lines) != 2 || !strings.Contains(lines[0], st.Highlight[event.Disclosure].Render("+has a")) || !strings.Contains(lines[1], st.Highlight[event.Disclosure].Render("hairline crack")) {
		t.Errorf("a span across a break should be styled on each line: %q", lines)
	}
}
