package words

import (
	"slices"
	"strings"
	"unicode"
)

// ProperNames lists the capitalised words that do not start a sentence:
// in a second-person goal those are names of people, places and firms.
func ProperNames(text string) []string {
	var out []string
	start := true
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '"' || r == '(' || r == ')' }) {
		core := strings.TrimRight(w, ".,;:!?'’")
		core = strings.TrimSuffix(strings.TrimSuffix(core, "'s"), "’s")
		r := []rune(core)
		if !start && len(r) > 1 && unicode.IsUpper(r[0]) && isLetters(r) && !stopwords[strings.ToLower(core)] && !slices.Contains(out, core) {
			out = append(out, core)
		}
		start = strings.ContainsAny(w[len(w)-1:], ".!?:")
	}
	return out
}

func isLetters(r []rune) bool {
	for _, c := range r {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return true
}
