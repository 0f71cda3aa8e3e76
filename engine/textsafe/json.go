package textsafe

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// EscapeJSON returns encoded JSON with every control character that
// encoding/json leaves raw written as a \u escape: DEL, the C1 controls
// (U+0080 to U+009F, among them the one-byte CSI U+009B) and the bidi
// overrides, isolates and marks. encoding/json already escapes ESC and the
// other C0 controls, so text kept as evidence (recordings, exports) decodes
// to exactly what it was, and no such raw character is in the file. These
// characters are never JSON syntax, so they can only stand inside strings,
// where an escape means the same character. Text without them is returned
// as is.
func EscapeJSON(b []byte) []byte {
	i := firstEscape(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+12)
	for i >= 0 {
		out = append(out, b[:i]...)
		r, size := utf8.DecodeRune(b[i:])
		out = fmt.Appendf(out, `\u%04x`, r)
		b = b[i+size:]
		i = firstEscape(b)
	}
	return append(out, b...)
}

// mayStart marks the bytes that begin a character EscapeJSON escapes:
// DEL, and the lead bytes of U+0080-U+009F (C2), U+061C (D8) and
// U+200E-U+2069 (E2).
var mayStart = [256]bool{0x7f: true, 0xc2: true, 0xd8: true, 0xe2: true}

// firstEscape returns where the first character to escape starts in b,
// or -1.
func firstEscape(b []byte) int {
	for i := 0; i < len(b); i++ {
		if !mayStart[b[i]] {
			continue
		}
		if r, _ := utf8.DecodeRune(b[i:]); r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r) {
			return i
		}
	}
	return -1
}

// JSONWriter escapes, as EscapeJSON, what a JSON encoder writes to w. Each
// Write must hold whole characters, as every json.Encoder.Encode does.
func JSONWriter(w io.Writer) io.Writer { return jsonWriter{w} }

type jsonWriter struct{ w io.Writer }

func (j jsonWriter) Write(p []byte) (int, error) {
	if _, err := j.w.Write(EscapeJSON(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
