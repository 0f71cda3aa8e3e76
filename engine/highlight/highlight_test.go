package highlight

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

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
	text, marks := Text(raw, anns)
	if want := "Go as high as !$580, #it was stolen, never raced."; text != want {
		t.Fatalf("marked text %q, want %q", text, want)
	}
	runes := []rune(text)
	for i, want := range map[int]Mark{14: 1, 15: 0, 16: 1, 21: Model(), 43: Denied()} {
		if marks[i] != want {
			t.Errorf("%q at %d has mark %d, want %d", runes[i], i, marks[i], want)
		}
	}
}

// Spans name the annotation that shows on each run of characters: where
// two overlap the lower mark wins, and of one mark the first listed.
func TestSpansNameTheAnnotationThatShows(t *testing.T) {
	raw := "the frame is cracked at 580"
	anns := []event.Annotation{
		{Kind: event.Disclosure, Start: 4, End: 20},
		{Kind: event.Leak, Start: 10, End: 19},
		{Kind: event.Leak, Start: 13, End: 27},
		{Kind: "from-a-later-version", Start: 0, End: 27},
	}
	var got []string
	for _, s := range Spans(raw, anns) {
		got = append(got, s.Raw+"="+strings.Repeat("x", s.Ann+1))
	}
	want := "the =|frame =x|is cracke=xx|d at 580=xxx"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("spans %s, want %s", g, want)
	}
	if Word(event.Annotation{Kind: event.FirstMention, Approximate: true}) != "first mention (approximate)" {
		t.Error("a first mention's word")
	}
}
