package mutualfriends

import (
	"slices"
	"strings"
	"unicode"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// beforeName are the words after which a capitalised word names a
// person ("know Caleb Ross", "what about Esther", "is Gwen Ito on your
// list", "heard of Leo"), not a school, a company or a city ("went to
// Tulane", "works at Etsy").
var beforeName = []string{"know", "about", "is", "met", "of"}

// namesAsked are the people a question names, as written: runs of
// capitalised words after one of beforeName ("Do you know Caleb Ross?",
// "Is Gwen on your list?"), never "I".
func namesAsked(question string) []string {
	var out, run []string
	words := strings.FieldsFunc(question, func(r rune) bool { return !talk.IsWordRune(r) && r != '\'' && r != '-' })
	for i, w := range words {
		if i > 0 && w != "I" && unicode.IsUpper([]rune(w)[0]) && (len(run) > 0 || slices.Contains(beforeName, strings.ToLower(words[i-1]))) {
			run = append(run, w)
			continue
		}
		if len(run) > 0 {
			out = append(out, strings.Join(run, " "))
			run = nil
		}
	}
	if len(run) > 0 {
		out = append(out, strings.Join(run, " "))
	}
	return out
}

// questionsOf are the questions of text, in its own letters' case.
func questionsOf(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		switch r {
		case '?':
			out = append(out, strings.TrimSpace(text[start:i]))
			start = i + 1
		case '.', '!', ';':
			start = i + 1
		}
	}
	return out
}
