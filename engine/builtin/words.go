package builtin

import "strings"

// sentence is one sentence of a turn, lower-cased, with whether it asks.
type sentence struct {
	text     string
	question bool
}

// sentences splits lower-cased text at . ! ? and ; (a dot inside a number,
// as in "$1.5k", does not end a sentence).
func sentences(text string) []sentence {
	var out []sentence
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		end := c == '!' || c == '?' || c == ';' || (c == '.' && (i+1 == len(text) || text[i+1] == ' '))
		if !end {
			continue
		}
		if s := strings.TrimSpace(text[start:i]); s != "" {
			out = append(out, sentence{text: s, question: c == '?'})
		}
		start = i + 1
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, sentence{text: s})
	}
	return out
}

// hasPhrase reports whether phrase occurs in s as whole words. Both are
// lower-case.
func hasPhrase(s, phrase string) bool {
	if phrase == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(s[from:], phrase)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(phrase)
		if (i == 0 || !isWordByte(s[i-1])) && (j == len(s) || !isWordByte(s[j])) {
			return true
		}
		from = i + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '\'' || c >= 0x80
}

// negationCues mark a sentence as denying what it mentions.
var negationCues = []string{"no", "not", "none", "nobody", "nope", "never", "neither", "nor", "nothing", "noone"}

// negated reports whether a lower-cased sentence denies something.
func negated(s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) }) {
		if strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t") {
			return true
		}
		for _, c := range negationCues {
			if w == c {
				return true
			}
		}
	}
	return false
}

func isWordRune(r rune) bool { return r >= 0x80 || isWordByte(byte(r)) }

// startsWithAny reports whether s begins with one of the words.
func startsWithAny(s string, words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(s, w) && (len(s) == len(w) || !isWordByte(s[len(w)])) {
			return true
		}
	}
	return false
}

// cues are lower-case phrases looked for as whole words, filed by their
// first byte so a text is read once whatever the number of phrases.
type cues struct {
	byFirst [256][]string
}

func newCues(phrases ...string) *cues {
	c := &cues{}
	for _, p := range phrases {
		if p != "" {
			c.byFirst[p[0]] = append(c.byFirst[p[0]], p)
		}
	}
	return c
}

// in reports whether the lower-cased s holds one of the phrases as whole
// words, as hasPhrase would find it.
func (c *cues) in(s string) bool {
	for i := 0; i < len(s); i++ {
		if i > 0 && isWordByte(s[i-1]) {
			continue
		}
		for _, p := range c.byFirst[s[i]] {
			j := i + len(p)
			if strings.HasPrefix(s[i:], p) && (j == len(s) || !isWordByte(s[j])) {
				return true
			}
		}
	}
	return false
}
