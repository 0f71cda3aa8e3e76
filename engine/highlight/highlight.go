// Package highlight says where a turn's annotations fall and how they are
// named, for every front end that shows them: the TUI's panes, the plain
// printer, the slides and the HTML pages. A span's look (colours, text
// attributes) is each front end's own; which annotation wins a character,
// the sign that opens a span and the words that name an annotation are
// decided here.
package highlight

import (
	"slices"
	"unicode"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Mark is the highlight of one character: 0 for none, else 1 + the kind's
// index in event.Kinds, Model() for the model check's annotation, or
// Denied() for a denial; a lower mark wins where spans overlap.
type Mark uint8

// Model is the mark of an annotation of the model's leak check, whatever
// its kind: after the rules' kinds, so the rules' highlight shows where
// both mark the same characters. Denied is a negated annotation's: after
// every other, so any counted annotation on the same characters shows
// instead. Both follow the kinds as the table holds them when asked.
func Model() Mark  { return Mark(len(event.Kinds) + 1) }
func Denied() Mark { return Mark(len(event.Kinds) + 2) }

// Marker is the sign that opens a span of mark m: its kind's marker, the
// model check's, or none (no mark, a denial, which is struck through).
func (m Mark) Marker() string {
	switch {
	case m == 0 || m == Denied():
		return ""
	case m == Model():
		return event.ModelMarker
	case int(m) <= len(event.Kinds):
		return event.Kinds[m-1].Marker
	}
	return ""
}

// Of is annotation a's mark: 0 for a kind not in event.Kinds.
func Of(a event.Annotation) Mark {
	switch {
	case a.Negated:
		return Denied()
	case a.Source == event.ByModel:
		return Model()
	}
	for i, k := range event.Kinds {
		if k.Kind == a.Kind {
			return Mark(i + 1)
		}
	}
	return 0
}

// Word names what an annotation is, for notices, the reveal and the
// pages: its kind's word, whether the model's check made it (with its
// marker), and whether it is a denial (not counted) or approximate.
func Word(a event.Annotation) string {
	word := string(a.Kind)
	if k, ok := event.InfoOf(a.Kind); ok {
		word = k.Word
	}
	if a.Source == event.ByModel {
		word = event.ModelMarker + word + " (model check)"
	}
	return word + Qualifier(a)
}

// Qualifier is what follows an annotation's kind when it is a denial
// (not counted) or an approximate mention, with a leading space; empty
// otherwise.
func Qualifier(a event.Annotation) string {
	switch {
	case a.Negated:
		return " (denied, not counted)"
	case a.Approximate:
		return " (approximate)"
	}
	return ""
}

// Span is a run of a turn's raw text whose characters share their
// highlight: Ann is the index in the annotations of the one that shows
// there (the first listed of the lowest mark), -1 for none.
type Span struct {
	Raw  string
	Mark Mark
	Ann  int
}

// Spans splits raw into runs by the annotation that shows on each
// character. Annotation offsets count code points of raw; offsets out of
// range are clipped, and an annotation of no known kind shows nowhere.
func Spans(raw string, anns []event.Annotation) []Span {
	runes := []rune(raw)
	if len(anns) == 0 {
		if len(runes) == 0 {
			return nil
		}
		return []Span{{Raw: raw, Ann: -1}}
	}
	shown := make([]int, len(runes))
	for i := range shown {
		shown[i] = -1
	}
	marks := make([]Mark, len(anns))
	for n, a := range anns {
		m := Of(a)
		marks[n] = m
		if m == 0 {
			continue
		}
		for i := max(a.Start, 0); i < min(a.End, len(runes)); i++ {
			if shown[i] < 0 || m < marks[shown[i]] {
				shown[i] = n
			}
		}
	}
	var out []Span
	for i := 0; i < len(runes); {
		j := i + 1
		for j < len(runes) && shown[j] == shown[i] {
			j++
		}
		s := Span{Raw: string(runes[i:j]), Ann: shown[i]}
		if s.Ann >= 0 {
			s.Mark = marks[s.Ann]
		}
		out = append(out, s)
		i = j
	}
	return out
}

// Text sanitizes raw turn text and returns it with one mark per rune,
// each span of a mark opened by its marker. The text is cleaned piece by
// piece between span boundaries (textsafe.Clean) and the marks follow;
// adjacent annotations of one mark make one span.
func Text(raw string, anns []event.Annotation) (string, []Mark) {
	if len(anns) == 0 {
		return textsafe.Clean(raw), nil
	}
	var text []rune
	var out []Mark
	spans := Spans(raw, anns)
	for i := 0; i < len(spans); {
		m := spans[i].Mark
		raw := spans[i].Raw
		for i++; i < len(spans) && spans[i].Mark == m; i++ {
			raw += spans[i].Raw
		}
		piece := []rune(textsafe.Clean(raw))
		at := len(text)
		text = append(text, piece...)
		for range piece {
			out = append(out, m)
		}
		// A span opens with its marker, so that its kind reads without
		// colour or text attributes (NO_COLOR, a monochrome terminal, a
		// copy of the screen); before the signs that open its word
		// ("!$580" for a span of 580).
		if sign := []rune(m.Marker()); len(piece) > 0 && len(sign) > 0 {
			for n := 0; n < 3 && at > 0 && out[at-1] == 0 && OpensWord(text[at-1]); n++ {
				at--
			}
			text = slices.Insert(text, at, sign...)
			out = slices.Insert(out, at, slices.Repeat([]Mark{m}, len(sign))...)
		}
	}
	return string(text), out
}

// OpensWord reports whether r is a sign that may open a word before a
// highlighted span: a currency sign, a bracket, a quote. A span's marker
// goes before up to three of them ("!$580" for a span of 580).
func OpensWord(r rune) bool { return unicode.IsSymbol(r) || unicode.IsPunct(r) }
