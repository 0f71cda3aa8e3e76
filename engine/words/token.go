// Package words reads a turn's text as the fact matcher needs it: its
// words and numerals with their clauses and sentences (Scanner), the
// lexicon (number and negation words, stop words, inflections), and the
// raw words around a spot (Nearby): whose a phrase or an amount is said
// to be, and the words that make a number something other than a price.
package words

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Token is one word or number of a turn's text. Offsets are code points
// into the text, as annotations need them; lo and hi index the lowered
// word: in the text itself when it is lower-case ASCII already (most
// words), else in scanner.lower.
type Token struct {
	E          *Entry // what the matcher knows about the word, if anything
	Value      float64
	Start, End int32 // code-point span in the text
	From       int32 // byte where it starts in the text (Scanner.To says where it ends)
	lo, hi     int32 // bytes of the lowered word
	Pos        int32 // ordinal among all words of the text, kept or not
	Clause     int32 // increases at , ; : ( ) and sentence ends, and at "but"
	Sentence   int32 // increases at . ! ? and line breaks
	inText     bool
	Num        bool // a numeral; Value holds it
	NoPrice    bool // a numeral that is not an amount: 2nd, 50%, 10am
	Kilo       bool // a numeral written with a k suffix: 1.2k
	Decade     bool // a numeral written with an s suffix: the 500s
	Neg        bool // a word ending in n't
}

// Scanner splits text into tokens in one pass. With a word index it keeps
// only the tokens that matter to matching (numerals, known words and
// negations), so most words cost one hash; pos keeps the
// adjacency of what is kept. Buffers are reused between turns.
type Scanner struct {
	Index  *Index // nil: keep every word
	Src    string // the text scanned last
	lower  []byte
	Tokens []Token
	// Persons notes where first- and second-person words stand, in
	// People, for a matcher of amounts that may be said to be someone's.
	Persons bool
	People  []WordAt
}

// WordAt is where a word the scanner does not keep stands.
type WordAt struct{ Pos, Clause int32 }

// wordBytes marks the ASCII letters and digits; plainBytes the lower-case
// letters and digits, which a word can be used with as it stands.
var wordBytes, plainBytes = func() (w, p [256]bool) {
	for c := 0; c < 256; c++ {
		p[c] = c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		w[c] = p[c] || c >= 'A' && c <= 'Z'
	}
	return w, p
}()

func isWordByte(c byte) bool { return wordBytes[c] }

func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// cursor is the scanner's position while it reads one text.
type cursor struct {
	i, cp                 int // byte offset and code points before it
	pos, clause, sentence int32
}

// Scan tokenizes text. Words are runs of letters and digits with inner
// apostrophes (don't, Jacob's); numbers are digit runs with thousands
// commas, a decimal part and an optional k suffix. Everything else
// separates tokens; clause and sentence punctuation is remembered for the
// negation scope and for key-phrase windows.
func (s *Scanner) Scan(text string) {
	s.Src, s.lower, s.Tokens, s.People = text, s.lower[:0], s.Tokens[:0], s.People[:0]
	var c cursor
	for c.i < len(text) {
		b := text[c.i]
		if b < utf8.RuneSelf && !isWordByte(b) {
			switch b {
			case '.', '!', '?', '\n':
				c.clause++
				c.sentence++
			case ',', ';', ':', '(', ')':
				c.clause++
			}
			c.i++
			c.cp++
			continue
		}
		if b >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[c.i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				if r == '…' {
					c.clause++
					c.sentence++
				}
				c.i += size
				c.cp++
				continue
			}
		}
		if IsDigit(b) {
			s.number(text, &c)
		} else {
			s.word(text, &c)
		}
		c.pos++
	}
}

// word reads a word at the cursor. Most words are not kept: the token is
// made only for one that is.
func (s *Scanner) word(text string, c *cursor) {
	start, from, clause := c.cp, c.i, c.clause
	// Fast path: lower-case ASCII letters and digits, used in place.
	j := c.i
	for j < len(text) && plainBytes[text[j]] {
		j++
	}
	var w string
	var lo, hi int32
	inText := j == len(text) || !isWordByte(text[j]) && text[j] != '\'' && text[j] < utf8.RuneSelf
	if inText {
		lo, hi = int32(c.i), int32(j)
		w = text[c.i:j]
		c.cp += j - c.i
		c.i = j
	} else {
		lo = int32(len(s.lower))
		c.i, c.cp = s.lowerWord(text, c.i, c.cp, len(s.lower))
		hi = int32(len(s.lower))
		// A possessive names the same thing: Jacob's is Jacob.
		if n := hi - lo; n > 2 && s.lower[hi-2] == '\'' && s.lower[hi-1] == 's' {
			hi -= 2
		}
		w = unsafe.String(unsafe.SliceData(s.lower[lo:hi]), int(hi-lo))
	}
	if w == "but" {
		c.clause++
	}
	var e *Entry
	neg := false
	if s.Index != nil {
		if s.Index.mayHold(w) {
			e = s.Index.lookup(w)
		}
		neg = !inText && strings.HasSuffix(w, "n't")
		if s.Persons && len(w) <= 8 && personFirst[w[0]] && isPersonWord(w) {
			s.People = append(s.People, WordAt{c.pos, clause})
		}
		if e == nil && !neg {
			return
		}
	}
	s.Tokens = append(s.Tokens, Token{E: e, Start: int32(start), End: int32(c.cp), From: int32(from), lo: lo, hi: hi,
		Pos: c.pos, Clause: clause, Sentence: c.sentence, inText: inText, Neg: neg})
}

// lowerWord appends the lowered word at i to s.lower and returns the
// offsets after it.
func (s *Scanner) lowerWord(text string, i, cp, lo int) (int, int) {
	for i < len(text) {
		b := text[i]
		if isWordByte(b) {
			if b >= 'A' && b <= 'Z' {
				b += 'a' - 'A'
			}
			s.lower = append(s.lower, b)
			i++
			cp++
			continue
		}
		if b == '\'' && i+1 < len(text) && isWordByte(text[i+1]) && len(s.lower) > lo {
			s.lower = append(s.lower, '\'')
			i++
			cp++
			continue
		}
		if b < utf8.RuneSelf {
			break
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == '’' && i+size < len(text) && isWordByte(text[i+size]) {
			s.lower = append(s.lower, '\'')
		} else if unicode.IsLetter(r) || unicode.IsDigit(r) {
			s.lower = utf8.AppendRune(s.lower, unicode.ToLower(r))
		} else {
			break
		}
		i += size
		cp++
	}
	return i, cp
}

// number reads a numeral at the cursor: 500, 1,200, 500.0, 1.2k. A
// numeral glued to other letters (2nd, 10am) or followed by % is kept as
// a token but marked as no amount.
func (s *Scanner) number(text string, c *cursor) {
	t := Token{Start: int32(c.cp), From: int32(c.i), Pos: c.pos, Clause: c.clause, Sentence: c.sentence, Num: true}
	var whole, frac, scale float64 = 0, 0, 1
	i, j := c.i, c.i
	for j < len(text) {
		if IsDigit(text[j]) {
			whole = whole*10 + float64(text[j]-'0')
			j++
		} else if text[j] == ',' && thousandsGroup(text, j) {
			j++
		} else {
			break
		}
	}
	if j+1 < len(text) && text[j] == '.' && IsDigit(text[j+1]) {
		for j++; j < len(text) && IsDigit(text[j]); j++ {
			scale /= 10
			frac += float64(text[j]-'0') * scale
		}
	}
	t.Value = whole + frac
	switch {
	case j < len(text) && (text[j] == 'k' || text[j] == 'K') && (j+1 == len(text) || !isWordByte(text[j+1])):
		t.Value *= 1000
		t.Kilo = true
		j++
	case j < len(text) && text[j] == '%':
		t.NoPrice = true
	case j < len(text) && isWordByte(text[j]):
		t.NoPrice = true
		t.Decade = text[j] == 's' && (j+1 == len(text) || !isWordByte(text[j+1]))
		for j < len(text) && isWordByte(text[j]) {
			j++
		}
	}
	t.lo, t.hi, t.inText = int32(i), int32(j), true
	c.cp += j - i // numerals are ASCII
	c.i = j
	t.End = int32(c.cp)
	if s.Index != nil {
		t.E = s.Index.Get(s.Text(&t)) // a phrase may hold digits: "room 101"
	}
	s.Tokens = append(s.Tokens, t)
}

// thousandsGroup reports whether the comma at j starts a group of exactly
// three digits, as in 1,200 (and not in "500,60").
func thousandsGroup(text string, j int) bool {
	if j+3 >= len(text) || !IsDigit(text[j+1]) || !IsDigit(text[j+2]) || !IsDigit(text[j+3]) {
		return false
	}
	return j+4 == len(text) || !IsDigit(text[j+4])
}

// To returns the byte where a token ends in the text: its end in place
// for a word used as it stands and every numeral, else found again by
// walking the word as lowerWord does.
func (s *Scanner) To(t *Token) int {
	if t.inText {
		return int(t.hi)
	}
	i, text := int(t.From), s.Src
	for i < len(text) {
		b := text[i]
		switch {
		case isWordByte(b):
			i++
		case b == '\'' && i+1 < len(text) && isWordByte(text[i+1]) && i > int(t.From):
			i++
		case b < utf8.RuneSelf:
			return i
		default:
			r, size := utf8.DecodeRuneInString(text[i:])
			if !(r == '’' && i+size < len(text) && isWordByte(text[i+size]) || unicode.IsLetter(r) || unicode.IsDigit(r)) {
				return i
			}
			i += size
		}
	}
	return i
}

// Text returns a token's lowered word. The result is only valid until the
// next scan when it comes from the lowered buffer.
func (s *Scanner) Text(t *Token) string {
	if t.inText {
		return s.Src[t.lo:t.hi]
	}
	// The buffer is not written again until the next scan, and callers
	// copy what they keep, so viewing it as a string is safe.
	return unsafe.String(unsafe.SliceData(s.lower[t.lo:t.hi]), int(t.hi-t.lo))
}

// Adjacent reports whether kept token k directly follows kept token k-1.
func (s *Scanner) Adjacent(k int) bool {
	return k > 0 && k < len(s.Tokens) && s.Tokens[k].Pos == s.Tokens[k-1].Pos+1
}

// personFirst marks the first letters of the person words, a test cheaper
// than isPersonWord for the scanner to make of every word first.
var personFirst = [256]bool{'i': true, 'm': true, 'o': true, 'w': true, 'y': true}

// isPersonWord reports whether w is a first- or second-person word that
// can say whose an amount is (the firstPerson and secondPerson words but
// the objects). A switch, not a lookup: the scanner asks of every word.
func isPersonWord(w string) bool {
	switch w {
	case "i", "i'm", "i've", "i'll", "i'd", "my", "mine", "myself", "we", "we're", "we've", "we'll", "we'd", "our", "ours",
		"you", "you're", "you've", "you'll", "you'd", "your", "yours", "yourself":
		return true
	}
	return false
}
