// Package textsafe makes untrusted text (from models, recordings and
// imported files) safe to print on a terminal.
package textsafe

import (
	"strings"
	"unicode/utf8"
)

// Clean removes escape sequences (CSI, OSC such as clipboard and title
// writes, DCS, APC, PM, SOS), C0 and C1 control characters and bidi
// overrides from s. Newlines are kept; tabs become spaces; invalid UTF-8
// becomes U+FFFD. Text that needs no change is returned as is.
func Clean(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == 0x1b:
			size = escapeLen(s[i:])
		case r == 0x9b || r == 0x9d || r == 0x90 || r == 0x9f || r == 0x9e || r == 0x98:
			// C1 introducers of CSI, OSC, DCS, APC, PM and SOS.
			size += sequenceBody(s[i+size:], r == 0x9b)
		case r == '\n':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r):
			// dropped
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isPlain reports whether s is printable ASCII and newlines only.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
}

func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// escapeLen returns the length of the escape sequence starting at s[0]
// (an ESC), at least 1.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + sequenceBody(s[2:], true)
	case ']', 'P', '_', '^', 'X':
		return 2 + sequenceBody(s[2:], false)
	}
	// A two-character escape such as ESC c (reset); with an intermediate
	// byte (ESC ( B) three.
	if s[1] >= 0x20 && s[1] <= 0x2f && len(s) > 2 {
		return 3
	}
	return 2
}

// sequenceBody returns how many bytes of s belong to a control sequence's
// body. A CSI body ends at its final byte (0x40-0x7e); a string body (OSC,
// DCS, ...) ends at BEL, ESC \ or ST (U+009C), or runs to the end of s.
func sequenceBody(s string, csi bool) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if csi {
			if c >= 0x40 && c <= 0x7e {
				return i + 1
			}
			if c < 0x20 || c > 0x3f {
				return i // malformed: stop before the stray byte
			}
			continue
		}
		switch {
		case c == 0x07:
			return i + 1
		case c == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
	}
	return len(s)
}
