// Package jsonw appends JSON values byte for byte as encoding/json writes
// them, with the control characters it leaves raw escaped
// (textsafe.EscapeJSON), without reflection. The recording's fast path
// writes events with it, and so do the families' move arguments
// (event.Arg), which are written on that path.
package jsonw

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Float appends f as encoding/json does: without an exponent between
// 1e-6 and 1e21, with the shortest one ("1e-07" written "1e-7") outside.
// f must be finite (Finite): JSON holds no NaN or infinity.
func Float(dst []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if n := len(dst); format == 'e' && n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
		dst[n-2] = dst[n-1]
		dst = dst[:n-1]
	}
	return dst
}

// Finite reports whether f can be written as JSON.
func Finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// Int appends n.
func Int(dst []byte, n int) []byte { return strconv.AppendInt(dst, int64(n), 10) }

// escaped marks the bytes encoding/json or textsafe.EscapeJSON write
// otherwise than as themselves (or that start a character they may).
var escaped = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c < 0x20 || c == 0x7f || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&'
	}
	return t
}()

// String appends s as a JSON string. Text that encoding/json would escape
// (quotes, backslashes, control characters, <, > and &, anything not
// ASCII) goes through it and textsafe.EscapeJSON, so the bytes are the
// same.
func String(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if escaped[s[i]] {
			b, _ := json.Marshal(s) // a string always encodes
			return append(dst, textsafe.EscapeJSON(b)...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// StringBytes is String for text held as bytes (a member's key read from
// other JSON), without making a string of plain ASCII text.
func StringBytes(dst, s []byte) []byte {
	for _, c := range s {
		if escaped[c] {
			return String(dst, string(s))
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// Counts appends counts by name (a Deal-or-No-Deal split, retries by
// kind) as encoding/json writes the map: null for none.
func Counts(dst []byte, counts map[string]int) []byte {
	if counts == nil {
		return append(dst, "null"...)
	}
	return Map(dst, counts, Int)
}

// Map appends m as a JSON object in key order, as encoding/json writes a
// map, each value by appendValue.
func Map[V any](dst []byte, m map[string]V, appendValue func([]byte, V) []byte) []byte {
	dst = append(dst, '{')
	for i, k := range sortedKeys(m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendValue(append(String(dst, k), ':'), m[k])
	}
	return append(dst, '}')
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
