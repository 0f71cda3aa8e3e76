package run

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// DefaultMaxUtterance is the longest text a turn keeps, in characters,
// when Config.MaxUtterance is 0. Every later prompt repeats each turn, so
// one runaway reply would otherwise be paid for on every call after it.
const DefaultMaxUtterance = 2000

// capText cuts text to max characters (max < 0: no cap) and marks the cut.
func capText(text string, max int) string {
	if max == 0 {
		max = DefaultMaxUtterance
	}
	// A text of no more bytes than max has no more characters either, and
	// needs no count.
	if max < 0 || len(text) <= max || utf8.RuneCountInString(text) <= max {
		return text
	}
	n := 0
	for i := range text {
		if n == max {
			return strings.TrimRight(text[:i], " \t\n") + fmt.Sprintf(" [cut: %d more characters]", utf8.RuneCountInString(text[i:]))
		}
		n++
	}
	return text
}

// CutOf says whether capped is text as capText leaves it: text itself, or
// text cut and marked. A backend that compares the dialogue with what it
// said (the SCRIPT writer) reads its own long turns in it this way.
func CutOf(capped, text string) bool {
	if capped == text {
		return true
	}
	i := strings.LastIndex(capped, " [cut: ")
	if i < 0 || !strings.HasSuffix(capped, " more characters]") {
		return false
	}
	return strings.HasPrefix(text, capped[:i]) && len(text) > i
}
