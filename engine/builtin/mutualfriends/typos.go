package mutualfriends

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// oneEditAway reports whether a typed word is a name with at most one typo:
// one letter inserted, dropped, replaced, or two neighbours swapped. To
// keep ordinary words from passing for names ("like" is one edit from
// "mike", "oven" from "owen"), only words of four letters or more that start
// with the name's first letter qualify, and a replaced letter only in names
// of five letters or more. Both are lower-case.
func oneEditAway(word, name string) bool {
	if word == name {
		return true
	}
	if len(name) < 4 || len(word) < 4 || word[0] != name[0] {
		return false
	}
	switch d := len(word) - len(name); {
	case d == 0:
		diff := -1
		for i := range word {
			if word[i] == name[i] {
				continue
			}
			if diff >= 0 {
				// A second difference is fine only as a swap of neighbours.
				return i == diff+1 && word[diff] == name[i] && word[i] == name[diff] && word[i+1:] == name[i+1:]
			}
			diff = i
		}
		return len(name) >= 5
	case d == 1:
		return dropsOne(word, name)
	case d == -1:
		return dropsOne(name, word)
	}
	return false
}

// dropsOne reports whether short is long with one letter left out.
func dropsOne(long, short string) bool {
	i := 0
	for i < len(short) && long[i] == short[i] {
		i++
	}
	return long[i+1:] == short[i:]
}

// mentionsName reports whether a lower-cased sentence, whose words are
// words (nameWords), names a friend, allowing one typo in each word of the
// name.
func mentionsName(s string, words []string, n nameRef) bool {
	if talk.HasPhrase(s, n.full) || talk.HasPhrase(s, n.first) {
		return true
	}
	for _, w := range words {
		if oneEditAway(w, n.first) {
			return true
		}
	}
	return false
}

// nameWords are the words of a sentence that may be names, split once for
// all the friends looked for in it.
func nameWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !talk.IsWordRune(r) || r == '\'' })
}
