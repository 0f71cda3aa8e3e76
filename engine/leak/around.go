package leak

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The words around a match, read from the raw text when a match needs
// them (rarely: the scanner keeps only the words the matcher knows).
// Reading stops at the clause's end: , ; : ( ) . ! ? a line break, and
// before "but".

// isClauseEnd reports whether r ends a clause.
func isClauseEnd(r rune) bool {
	switch r {
	case ',', ';', ':', '(', ')', '.', '!', '?', '\n', '…':
		return true
	}
	return false
}

// isWordRune reports whether r belongs to a word (letters, digits and
// inner apostrophes).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’'
}

// wordsBefore returns up to max lowered words before byte offset at in
// src, nearest first, within the clause.
func wordsBefore(src string, at, max int) []string {
	var out []string
	i := at
	for len(out) < max && i > 0 {
		r, size := utf8.DecodeLastRuneInString(src[:i])
		switch {
		case isClauseEnd(r):
			return out
		case !isWordRune(r):
			i -= size
			continue
		}
		end := i
		for i > 0 {
			r, size := utf8.DecodeLastRuneInString(src[:i])
			if !isWordRune(r) {
				break
			}
			i -= size
		}
		w := lowerWord(src[i:end])
		if w == "but" {
			return out
		}
		out = append(out, w)
	}
	return out
}

// wordsAfter returns up to max lowered words after byte offset at in src,
// nearest first, within the clause.
func wordsAfter(src string, at, max int) []string {
	var out []string
	i := at
	for len(out) < max && i < len(src) {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case isClauseEnd(r):
			return out
		case !isWordRune(r):
			i += size
			continue
		}
		start := i
		for i < len(src) {
			r, size := utf8.DecodeRuneInString(src[i:])
			if !isWordRune(r) {
				break
			}
			i += size
		}
		w := lowerWord(src[start:i])
		if w == "but" {
			return out
		}
		out = append(out, w)
	}
	return out
}

// lowerWord lowers w and writes its apostrophe the plain way.
func lowerWord(w string) string {
	return strings.ReplaceAll(strings.ToLower(strings.Trim(w, "'’")), "’", "'")
}

// about says whose a stretch of words says a thing is, from the speaker's
// side: anyone (nothing says), the speaker's, the listener's or someone
// else's.
type about uint8

const (
	aboutAnyone about = iota
	aboutSpeaker
	aboutListener
	aboutOthers
)

// personOf classifies one word as a person's, or aboutAnyone.
func personOf(w string) about {
	switch {
	case firstPerson[w]:
		return aboutSpeaker
	case secondPerson[w]:
		return aboutListener
	case thirdPerson[w]:
		return aboutOthers
	}
	return aboutAnyone
}

// phraseAbout says whose the words of a key phrase are, for a phrase
// matched at bytes from..to of src: a person word inside the match
// ("they offered you a position"), else the nearest one up to four words
// before it in the clause ("I'm moving out", "your party", "for me"; an
// "I" that only knows or heard, as in "I know you", and an object, as in
// "planned us a trip", are passed over), else up to three words after it
// ("worth 4 to you").
func phraseAbout(src string, from, to int) about {
	for _, w := range wordsAfter(src[:to], from, 16) {
		if p := personOf(w); p != aboutAnyone {
			return p
		}
	}
	before := wordsBefore(src, from, 4)
	for i, w := range before {
		p := personOf(w)
		if p == aboutAnyone {
			continue
		}
		if p == aboutSpeaker && i > 0 && knowVerbs[before[i-1]] {
			continue
		}
		if objectPronouns[w] && (i+1 == len(before) || !prepositions[before[i+1]]) {
			continue // "you've planned us a trip": the trip is not ours to tell
		}
		return p
	}
	for _, w := range wordsAfter(src, to, 3) {
		if p := personOf(w); p != aboutAnyone {
			return p
		}
	}
	return aboutAnyone
}

// amountAbout says whose an amount at byte offset at of src is said to
// be: the listener's when "you" is the subject of the clause ("you'd take
// about 525", "I bet you owe around 7,000"; not "would you take 590",
// "I could meet you at 345", "you can have it for 450") or "your" names
// a limit or a person ("your budget is around 575", "your cousin paid
// about 2,250"; not "off your hands for 285"); the speaker's for "my" or
// an "I" whose verb owns the figure ("I owe about", "I was hoping for";
// not "I could do", "I'd like to get", "I have a feeling"); else anyone's,
// which for a rounded amount is no mention at all.
func amountAbout(src string, at int) about {
	before := wordsBefore(src, at, 10)
	for i, w := range before {
		between := before[:i] // the words from w to the amount, nearest the amount first
		switch {
		case w == "your":
			if i > 0 && (ownNouns[before[i-1]] || relationWords[before[i-1]]) {
				return aboutListener
			}
		case w == "my" || w == "our":
			if i > 0 && offerNouns[before[i-1]] {
				return aboutAnyone
			}
			return aboutSpeaker
		case w == "you'd" || w == "you're" || w == "you've" || w == "you'll" ||
			w == "you" && (i+1 == len(before) || subjectBefore[before[i+1]]):
			if verb, next := verbAfter(between); (verb == "have" || verb == "get" || verb == "take") && next == "it" {
				return aboutAnyone // "you can have it for 450" is an offer
			}
			return aboutListener
		case firstPerson[w] && !objectPronouns[w]:
			if verb, _ := verbAfter(between); ownVerbs[verb] && onlyFillerAfter(between, verb) {
				return aboutSpeaker
			}
			return aboutAnyone
		}
	}
	return aboutAnyone
}

// onlyFillerAfter reports whether only filler words ("about", "for",
// "somewhere in the low") stand between verb and the amount in between
// (nearest the amount first): "I have roughly 4,000", not "I have a
// feeling 482".
func onlyFillerAfter(between []string, verb string) bool {
	for _, w := range between {
		if w == verb {
			return true
		}
		if !fillerWords[w] {
			return false
		}
	}
	return true
}

// verbAfter reads the words between a pronoun and an amount (given
// nearest the amount first) in the order they were said, and returns
// the first that owns a figure or is not an auxiliary or an adverb, and
// the word after it.
func verbAfter(between []string) (verb, next string) {
	for i := len(between) - 1; i >= 0; i-- {
		if w := between[i]; ownVerbs[w] || !auxWords[w] {
			if i > 0 {
				next = between[i-1]
			}
			return w, next
		}
	}
	return "", ""
}
