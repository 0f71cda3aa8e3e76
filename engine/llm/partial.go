package llm

import (
	"strings"
	"unicode/utf16"
)

// textStream finds the value of the top-level "text" (or "utterance")
// string of a JSON object while the object is still streaming, and emits
// it decoded as it arrives, so a pane shows the words before the JSON is
// complete. Anything before the object's opening brace (prose, a code
// fence) is skipped.
type textStream struct {
	emit func(string)

	started, finished bool
	depth             int
	afterColon        bool
	inString, isKey   bool
	capturing, done   bool
	escape            bool
	hex               []byte // digits of a \u escape being read
	highSurrogate     rune
	key               strings.Builder
	lastKey           string
	out               strings.Builder
}

func newTextStream(emit func(string)) *textStream { return &textStream{emit: emit} }

// wantedKey says whether a top-level key holds the utterance.
func wantedKey(k string) bool { return k == "text" || k == "utterance" }

// feed takes the next piece of the streamed reply.
func (p *textStream) feed(s string) {
	for i := 0; i < len(s) && !p.finished; i++ {
		p.byte(s[i])
	}
	if p.out.Len() > 0 {
		p.emit(p.out.String())
		p.out.Reset()
	}
}

func (p *textStream) byte(c byte) {
	if !p.started {
		if c == '{' {
			p.started, p.depth = true, 1
		}
		return
	}
	if p.inString {
		p.stringByte(c)
		return
	}
	switch c {
	case '"':
		p.inString = true
		p.isKey = p.depth == 1 && !p.afterColon
		p.capturing = p.depth == 1 && p.afterColon && !p.done && wantedKey(p.lastKey)
		p.key.Reset()
	case ':':
		if p.depth == 1 {
			p.afterColon = true
		}
	case ',':
		if p.depth == 1 {
			p.afterColon = false
		}
	case '{', '[':
		p.depth++
	case '}', ']':
		p.depth--
		p.finished = p.depth == 0
	}
}

func (p *textStream) stringByte(c byte) {
	switch {
	case p.hex != nil:
		p.hex = append(p.hex, c)
		if len(p.hex) == 4 {
			p.unicode(string(p.hex))
			p.hex = nil
		}
	case p.escape:
		p.escape = false
		switch c {
		case 'u':
			p.hex = make([]byte, 0, 4)
		case 'n':
			p.char("\n")
		case 't':
			p.char("\t")
		case 'r', 'b', 'f':
		default: // \" \\ \/ and anything else stands for itself
			p.char(string(c))
		}
	case c == '\\':
		p.escape = true
	case c == '"':
		p.inString = false
		if p.isKey {
			p.lastKey = p.key.String()
		}
		if p.capturing {
			p.capturing, p.done = false, true
		}
	default:
		p.raw(c)
	}
}

func (p *textStream) unicode(digits string) {
	var r rune
	for _, d := range digits {
		r <<= 4
		switch {
		case d >= '0' && d <= '9':
			r |= d - '0'
		case d >= 'a' && d <= 'f':
			r |= d - 'a' + 10
		case d >= 'A' && d <= 'F':
			r |= d - 'A' + 10
		default:
			return
		}
	}
	switch {
	case utf16.IsSurrogate(r) && p.highSurrogate == 0:
		p.highSurrogate = r
	case p.highSurrogate != 0:
		p.char(string(utf16.DecodeRune(p.highSurrogate, r)))
		p.highSurrogate = 0
	default:
		p.char(string(r))
	}
}

func (p *textStream) raw(c byte) {
	if p.isKey {
		p.key.WriteByte(c)
	} else if p.capturing {
		p.out.WriteByte(c)
	}
}

func (p *textStream) char(s string) {
	if p.isKey {
		p.key.WriteString(s)
	} else if p.capturing {
		p.out.WriteString(s)
	}
}
