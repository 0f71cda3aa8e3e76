package words

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
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

// Nearby reads the words around a match in the raw text, lowered, without
// allocating in the usual case: a word in lower-case ASCII already is a
// slice of the text, another is lowered into buf. The words one read
// returns are valid until the next read of the same side; Reset starts a
// new text.
type Nearby struct {
	src           string
	buf           []byte
	before, after []string
}

func (r *Nearby) Reset(src string) {
	r.src, r.buf = src, r.buf[:0]
}

// WordsBefore returns up to max lowered words before byte offset at,
// nearest first, within the clause.
func (r *Nearby) WordsBefore(at, max int) []string {
	out := r.before[:0]
	for len(out) < max {
		w, start, ok := r.wordBefore(at)
		if !ok {
			break
		}
		out = append(out, w)
		at = start
	}
	r.before = out
	return out
}

// wordBefore returns the lowered word before byte offset at and where it
// starts, or false at the clause's start (or before "but").
func (r *Nearby) wordBefore(at int) (string, int, bool) {
	src := r.src
	i := at
	for {
		if i == 0 {
			return "", 0, false
		}
		c := src[i-1]
		if c >= utf8.RuneSelf {
			rn, size := utf8.DecodeLastRuneInString(src[:i])
			if isClauseEnd(rn) {
				return "", 0, false
			}
			if isWordRune(rn) {
				break
			}
			i -= size
			continue
		}
		if wordBytes[c] || c == '\'' {
			break
		}
		if clauseBytes[c] {
			return "", 0, false
		}
		i--
	}
	end, plain := i, true
	for i > 0 {
		c := src[i-1]
		if c < utf8.RuneSelf {
			if !wordBytes[c] && c != '\'' {
				break
			}
			plain = plain && (plainBytes[c] || c == '\'')
			i--
			continue
		}
		rn, size := utf8.DecodeLastRuneInString(src[:i])
		if !isWordRune(rn) {
			break
		}
		plain = false
		i -= size
	}
	w := src[i:end]
	if !plain || w[0] == '\'' || w[len(w)-1] == '\'' {
		w = r.lower(w)
	}
	switch w {
	case "but":
		return "", 0, false
	case "":
		return r.wordBefore(i)
	}
	return w, i, true
}

// clauseBytes marks the ASCII bytes that end a clause.
var clauseBytes = [256]bool{',': true, ';': true, ':': true, '(': true, ')': true, '.': true, '!': true, '?': true, '\n': true}

// WordsAfter returns up to max lowered words after byte offset at and
// before byte offset to, nearest first, within the clause.
func (r *Nearby) WordsAfter(at, to, max int) []string {
	src := r.src[:to]
	out := r.after[:0]
	i := at
	for len(out) < max && i < len(src) {
		c := src[i]
		if c < utf8.RuneSelf && !isWordByte(c) && c != '\'' {
			if isClauseEnd(rune(c)) {
				break
			}
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(src[i:])
			if isClauseEnd(r) {
				break
			}
			if !isWordRune(r) {
				i += size
				continue
			}
		}
		start := i
		for i < len(src) {
			c := src[i]
			if c < utf8.RuneSelf {
				if !isWordByte(c) && c != '\'' {
					break
				}
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(src[i:])
			if !isWordRune(r) {
				break
			}
			i += size
		}
		w := r.lower(src[start:i])
		if w == "but" {
			break
		}
		if w != "" {
			out = append(out, w)
		}
	}
	r.after = out
	return out
}

// lower returns w lowered, without its outer apostrophes and with a plain
// apostrophe inside: w itself when it is lower-case ASCII, else a copy
// in buf.
func (r *Nearby) lower(w string) string {
	plain := len(w) > 0 && w[0] != '\'' && w[len(w)-1] != '\''
	for i := 0; i < len(w) && plain; i++ {
		plain = plainBytes[w[i]] || w[i] == '\''
	}
	if plain {
		return w
	}
	for len(w) > 0 && (w[0] == '\'' || strings.HasPrefix(w, "’")) {
		_, size := utf8.DecodeRuneInString(w)
		w = w[size:]
	}
	for len(w) > 0 && (w[len(w)-1] == '\'' || strings.HasSuffix(w, "’")) {
		_, size := utf8.DecodeLastRuneInString(w)
		w = w[:len(w)-size]
	}
	start := len(r.buf)
	for _, c := range w {
		if c == '’' {
			c = '\''
		}
		r.buf = utf8.AppendRune(r.buf, unicode.ToLower(c))
	}
	return unsafe.String(unsafe.SliceData(r.buf[start:]), len(r.buf)-start)
}

// About says whose a stretch of words says a thing is, from the speaker's
// side: anyone (nothing says), the speaker's, the listener's or someone
// else's.
type About uint8

const (
	AboutAnyone About = iota
	AboutSpeaker
	AboutListener
	AboutOthers
)

// personOf classifies one word as a person's, or AboutAnyone.
func personOf(w string) About {
	switch f := FlagsOf(w); {
	case f&firstPerson != 0:
		return AboutSpeaker
	case f&secondPerson != 0:
		return AboutListener
	case f&thirdPerson != 0:
		return AboutOthers
	}
	return AboutAnyone
}

// PhraseAbout says whose the words of a key phrase are, for a phrase
// matched at bytes from..to of src: a person word inside the match
// ("they offered you a position"), else the nearest one up to four words
// before it in the clause ("I'm moving out", "your party", "for me"; an
// "I" that only knows or heard, as in "I know you", and an object, as in
// "planned us a trip", are passed over), else up to three words after it
// ("worth 4 to you").
func (r *Nearby) PhraseAbout(from, to int) About {
	for _, w := range r.WordsAfter(from, to, 16) {
		if p := personOf(w); p != AboutAnyone {
			return p
		}
	}
	before := r.WordsBefore(from, 4)
	for i, w := range before {
		p := personOf(w)
		if p == AboutAnyone {
			continue
		}
		if p == AboutSpeaker && i > 0 && Is(before[i-1], knowVerbs) {
			continue
		}
		if Is(w, objectPronouns) && (i+1 == len(before) || !Is(before[i+1], prepositions)) {
			continue // "you've planned us a trip": the trip is not ours to tell
		}
		return p
	}
	for _, w := range r.WordsAfter(to, len(r.src), 3) {
		if p := personOf(w); p != AboutAnyone {
			return p
		}
	}
	return AboutAnyone
}

// AboutAfter says whose a thing is by the first person word up to max
// words after byte offset at, in the clause ("worth 2 points each to
// you"), or AboutAnyone.
func (r *Nearby) AboutAfter(at, max int) About {
	for _, w := range r.WordsAfter(at, len(r.src), max) {
		if p := personOf(w); p != AboutAnyone {
			return p
		}
	}
	return AboutAnyone
}

// AmountAbout says whose an amount at byte offset at of src is said to
// be: the listener's when "you" is the subject of the clause ("you'd take
// about 525", "I bet you owe around 7,000"; not "would you take 590",
// "I could meet you at 345", "you can have it for 450") or "your" names
// a limit or a person ("your budget is around 575", "your cousin paid
// about 2,250"; not "off your hands for 285"); the speaker's for "my" or
// an "I" whose verb owns the figure ("I owe about", "I was hoping for";
// not "I could do", "I'd like to get", "I have a feeling"); else anyone's,
// which for a rounded amount is no mention at all.
func (r *Nearby) AmountAbout(at int) About {
	before := r.before[:0]
	for len(before) < 10 {
		w, start, ok := r.wordBefore(at)
		if !ok {
			break
		}
		before, at = append(before, w), start
		if !isPersonWord(w) {
			continue // a switch, cheaper than the flags' lookup
		}
		i := len(before) - 1
		r.before = before
		between := before[:i] // the words from w to the amount, nearest the amount first
		// The nearest person word decides.
		switch {
		case w == "your":
			if i > 0 && (Is(before[i-1], ownNouns) || IsRelation(before[i-1])) {
				return AboutListener
			}
			return AboutAnyone
		case w == "my" || w == "our":
			if i > 0 && Is(before[i-1], offerNouns) {
				return AboutAnyone
			}
			return AboutSpeaker
		case w == "you'd" || w == "you're" || w == "you've" || w == "you'll" || w == "you" && r.subjectAt(at):
			if verb, next := verbAfter(between); (verb == "have" || verb == "get" || verb == "take") && next == "it" {
				return AboutAnyone // "you can have it for 450" is an offer
			}
			return AboutListener
		case Is(w, firstPerson):
			if verb, _ := verbAfter(between); Is(verb, ownVerbs) && onlyFillerAfter(between, verb) {
				return AboutSpeaker
			}
		}
		return AboutAnyone
	}
	return AboutAnyone
}

// subjectAt reports whether a "you" starting at byte offset at is a
// clause's subject: it starts the clause or follows a word such as "bet"
// or "and" (subjectBefore), not "would" or "meet".
func (r *Nearby) subjectAt(at int) bool {
	prev, _, ok := r.wordBefore(at)
	return !ok || Is(prev, subjectBefore)
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
		if !Is(w, fillerWords) {
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
		if w := between[i]; Is(w, ownVerbs) || !Is(w, auxWords) {
			if i > 0 {
				next = between[i-1]
			}
			return w, next
		}
	}
	return "", ""
}
