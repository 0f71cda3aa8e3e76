package talk

import "strings"

// Sentence is one sentence of a turn, lower-cased, with whether it asks.
type Sentence struct {
	Text     string
	Question bool
}

// Sentences splits lower-cased text at . ! ? and ; (a dot inside a number,
// as in "$1.5k", does not end a sentence).
func Sentences(text string) []Sentence {
	var out []Sentence
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		end := c == '!' || c == '?' || c == ';' || (c == '.' && (i+1 == len(text) || text[i+1] == ' '))
		if !end {
			continue
		}
		if s := strings.TrimSpace(text[start:i]); s != "" {
			out = append(out, Sentence{Text: s, Question: c == '?'})
		}
		start = i + 1
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, Sentence{Text: s})
	}
	return out
}

// HasPhrase reports whether phrase occurs in s as whole words. Both are
// lower-case.
func HasPhrase(s, phrase string) bool {
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

// Negated reports whether a lower-cased sentence denies something.
func Negated(s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !IsWordRune(r) }) {
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

// IsWordRune reports whether r belongs to a word: a letter, a digit, an
// apostrophe or any non-ASCII rune.
func IsWordRune(r rune) bool { return r >= 0x80 || isWordByte(byte(r)) }

// StartsWithAny reports whether s begins with one of the words.
func StartsWithAny(s string, words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(s, w) && (len(s) == len(w) || !isWordByte(s[len(w)])) {
			return true
		}
	}
	return false
}

// Cues are lower-case phrases looked for as whole words, filed by their
// first byte so a text is read once whatever the number of phrases.
type Cues struct {
	byFirst [256][]string
}

// NewCues files the phrases.
func NewCues(phrases ...string) *Cues {
	c := &Cues{}
	for _, p := range phrases {
		if p != "" {
			c.byFirst[p[0]] = append(c.byFirst[p[0]], p)
		}
	}
	return c
}

// In reports whether the lower-cased s holds one of the phrases as whole
// words, as HasPhrase would find it.
func (c *Cues) In(s string) bool {
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

// MayBeIn reports whether In could find a phrase in strings.ToLower(s),
// without lower-casing s: ASCII letters match in either case, and a text
// with any other byte may hold one, since lower-casing can turn it into an
// ASCII letter ("İ" into "i"). A turn most often holds no cue, and this
// tells so at the cost of one read.
func (c *Cues) MayBeIn(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
		if i > 0 && isWordByte(s[i-1]) {
			continue
		}
		for _, p := range c.byFirst[lowerASCII(s[i])] {
			j := i + len(p)
			if j <= len(s) && equalFoldASCII(s[i:j], p) && (j == len(s) || !isWordByte(s[j])) {
				return true
			}
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalFoldASCII reports whether s is the lower-case phrase p whatever the
// case of its ASCII letters.
func equalFoldASCII(s, p string) bool {
	for i := range len(p) {
		if lowerASCII(s[i]) != p[i] {
			return false
		}
	}
	return true
}

// LowerFirst lower-cases a sentence's first letter, for saying it after
// other words; "I" and an acronym stay as written.
func LowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || s == "I" || strings.HasPrefix(s, "I ") || strings.HasPrefix(s, "I'") {
		return s
	}
	if len(s) > 1 && s[1] >= 'A' && s[1] <= 'Z' {
		return s // an acronym stays as written
	}
	return string(s[0]+'a'-'A') + s[1:]
}
