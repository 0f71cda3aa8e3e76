package pane

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/tui/ui"
)

// mark is the highlight of one character (engine/highlight, which
// decides where each annotation shows); Styles.Marks holds the style of
// each mark.
type mark = highlight.Mark

// AnnotationWord names what an annotation is, for the notices and the
// reveal: highlight.Word.
func AnnotationWord(a event.Annotation) string { return highlight.Word(a) }

// Highlighted is annotation a's highlight style, or plain for an
// annotation of no kind the app knows.
func Highlighted(a event.Annotation, st *ui.Styles, plain lipgloss.Style) lipgloss.Style {
	if m := highlight.Of(a); m != 0 {
		return st.Marks[m-1]
	}
	return plain
}

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
