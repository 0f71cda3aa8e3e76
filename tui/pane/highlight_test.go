package pane

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
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
	text, marks := markText(raw, anns)
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
	text, marks = markText("the frame has a hairline crack", anns)
	lines, _ = wrapMarked(text, marks, 16, st.Marks)
	if len(lines) != 2 || !strings.Contains(lines[0], st.Highlight[event.Disclosure].Render("+has a")) || !strings.Contains(lines[1], st.Highlight[event.Disclosure].Render("hairline crack")) {
		t.Errorf("a span across a break should be styled on each line: %q", lines)
	}
}

// Each span opens with its kind's marker (the model check's with its
// own, a denial with none), before the signs that open its word, and the
// marker takes the span's mark.
func TestSpansOpenWithTheirMarkers(t *testing.T) {
	raw := "Go as high as $580, it was stolen, never raced."
	at := func(s string) (int, int) { i := strings.Index(raw, s); return i, i + len(s) }
	var anns []event.Annotation
	for _, a := range []struct {
		a    event.Annotation
		span string
	}{
		{event.Annotation{Kind: event.Leak}, "580"},
		{event.Annotation{Kind: event.Guess, Source: event.ByModel}, "it was stolen"},
		{event.Annotation{Kind: event.Disclosure, Negated: true}, "raced"},
	} {
		a.a.Start, a.a.End = at(a.span)
		anns = append(anns, a.a)
	}
	text, marks := markText(raw, anns)
	if want := "Go as high as !$580, #it was stolen, never raced."; text != want {
		t.Fatalf("marked text %q, want %q", text, want)
	}
	runes := []rune(text)
	for i, want := range map[int]mark{14: 1, 15: 0, 16: 1, 21: modelMark(), 43: deniedMark()} {
		if marks[i] != want {
			t.Errorf("%q at %d has mark %d, want %d", runes[i], i, marks[i], want)
		}
	}
}
