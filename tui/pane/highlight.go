package pane

import (
	"slices"
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/tui/ui"
)

// mark is the highlight of one character: 0 for none, else 1 + the kind's
// index in event.Kinds, modelMark for the model check's annotation, or
// deniedMark for a denial; a lower mark wins where spans overlap.
// Styles.Marks holds the style of each mark.
type mark uint8

// modelMark is an annotation of the model's leak check, whatever its
// kind: after the rules' kinds, so the rules' highlight shows where both
// mark the same characters. deniedMark is a negated annotation's: after
// every other, so any counted annotation on the same characters shows
// instead. Both follow the kinds as the table holds them when asked.
func modelMark() mark  { return mark(len(event.Kinds) + 1) }
func deniedMark() mark { return mark(len(event.Kinds) + 2) }

// marker is the sign that opens a span of mark m: its kind's marker, the
// model check's, or none (no mark, a denial, which is struck through).
func (m mark) marker() string {
	switch {
	case m == 0 || m == deniedMark():
		return ""
	case m == modelMark():
		return event.ModelMarker
	case int(m) <= len(event.Kinds):
		return event.Kinds[m-1].Marker
	}
	return ""
}

func markOf(a event.Annotation) mark {
	switch {
	case a.Negated:
		return deniedMark()
	case a.Source == event.ByModel:
		return modelMark()
	}
	for i, k := range event.Kinds {
		if k.Kind == a.Kind {
			return mark(i + 1)
		}
	}
	return 0
}

// AnnotationWord names what an annotation is, for the notices and the
// reveal: its kind's word, whether the model's check made it (with its
// marker), and whether it is a denial (not counted) or approximate.
func AnnotationWord(a event.Annotation) string {
	word := string(a.Kind)
	if k, ok := event.InfoOf(a.Kind); ok {
		word = k.Word
	}
	if a.Source == event.ByModel {
		word = event.ModelMarker + word + " (model check)"
	}
	switch {
	case a.Negated:
		return word + " (denied, not counted)"
	case a.Approximate:
		return word + " (approximate)"
	}
	return word
}

// Highlighted is annotation a's highlight style, or plain for an
// annotation of no kind the app knows.
func Highlighted(a event.Annotation, st *ui.Styles, plain lipgloss.Style) lipgloss.Style {
	if m := markOf(a); m != 0 {
		return st.Marks[m-1]
	}
	return plain
}

// markText sanitizes raw turn text and returns it with one mark per rune,
// each span opened by its marker. Annotation offsets count code points of
// the raw text, so the text is cleaned piece by piece between span
// boundaries and the marks follow.
func markText(raw string, anns []event.Annotation) (string, []mark) {
	if len(anns) == 0 {
		return textsafe.Clean(raw), nil
	}
	runes := []rune(raw)
	marks := make([]mark, len(runes))
	for _, a := range anns {
		m := markOf(a)
		if m == 0 {
			continue
		}
		for i := max(a.Start, 0); i < min(a.End, len(runes)); i++ {
			if marks[i] == 0 || m < marks[i] {
				marks[i] = m
			}
		}
	}
	var text []rune
	var out []mark
	for i := 0; i < len(runes); {
		j := i + 1
		for j < len(runes) && marks[j] == marks[i] {
			j++
		}
		piece := []rune(textsafe.Clean(string(runes[i:j])))
		at := len(text)
		text = append(text, piece...)
		for range piece {
			out = append(out, marks[i])
		}
		// A span opens with its marker, so that its kind reads without
		// colour or text attributes (NO_COLOR, a monochrome terminal, a
		// copy of the screen); before the signs that open its word
		// ("!$580" for a span of 580).
		if sign := []rune(marks[i].marker()); len(piece) > 0 && len(sign) > 0 {
			for n := 0; n < 3 && at > 0 && out[at-1] == 0 && opensWord(text[at-1]); n++ {
				at--
			}
			text = slices.Insert(text, at, sign...)
			out = slices.Insert(out, at, slices.Repeat([]mark{marks[i]}, len(sign))...)
		}
		i = j
	}
	return string(text), out
}

// opensWord reports whether r is a sign that may open a word before a
// highlighted span: a currency sign, a bracket, a quote.
func opensWord(r rune) bool { return unicode.IsSymbol(r) || unicode.IsPunct(r) }

// wrapMarked wraps clean text to width and styles the marked characters.
// It returns the lines and each line's display width. ansi.Wrap only
// drops spaces at the breaks it makes (and breaks words longer than a
// line), so walking the output against the input recovers each character's
// mark.
func wrapMarked(text string, marks []mark, width int, hl []lipgloss.Style) ([]string, []int) {
	wrapped := ansi.Wrap(text, max(width, 1), "")
	if marks == nil {
		lines := strings.Split(wrapped, "\n")
		widths := make([]int, len(lines))
		for i, l := range lines {
			widths[i] = ansi.StringWidth(l)
		}
		return lines, widths
	}
	src := []rune(text)
	var lines []string
	var widths []int
	var line strings.Builder
	var run []rune
	runMark := mark(0)
	j := 0
	endRun := func() {
		if len(run) == 0 {
			return
		}
		if runMark == 0 {
			line.WriteString(string(run))
		} else {
			line.WriteString(hl[runMark-1].Render(string(run)))
		}
		run = run[:0]
	}
	var plain strings.Builder
	endLine := func() {
		endRun()
		lines = append(lines, line.String())
		widths = append(widths, ansi.StringWidth(plain.String()))
		line.Reset()
		plain.Reset()
	}
	for _, r := range wrapped {
		if r == '\n' {
			if j < len(src) && src[j] == '\n' {
				j++
			} else {
				for j < len(src) && src[j] == ' ' {
					j++
				}
			}
			endLine()
			continue
		}
		m := mark(0)
		if j < len(src) && src[j] == r {
			m = marks[j]
			j++
		}
		if m != runMark {
			endRun()
			runMark = m
		}
		run = append(run, r)
		plain.WriteRune(r)
	}
	endLine()
	return lines, widths
}
