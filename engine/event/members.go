package event

import (
	"bytes"
	"encoding/json"
	"errors"
)

// eachMember calls f with the key and the raw value of each member of b,
// a JSON object that is valid JSON (as encoding/json hands it to an
// Unmarshaler: it checks the whole input first). It reads actions, the
// lines a recording holds most of, in one pass without reflection.
func eachMember(b []byte, f func(key, value []byte) error) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errors.New("not a JSON object")
	}
	i++
	for {
		i = skipSpace(b, i)
		if i < len(b) && b[i] == '}' {
			return nil
		}
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
		end := skipValue(b, i)
		key, err := stringOf(b[i:end])
		if err != nil {
			return err
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return errors.New("a member without a value")
		}
		start := skipSpace(b, i+1)
		end = skipValue(b, start)
		if err := f(key, b[start:end]); err != nil {
			return err
		}
		i = end
	}
}

// stringOf is the text of a JSON string as encoding/json reads it, the
// quotes' contents themselves when they need no unescaping.
func stringOf(quoted []byte) ([]byte, error) {
	inner := quoted[1 : len(quoted)-1]
	for _, c := range inner {
		if c == '\\' || c < 0x20 || c >= 0x80 {
			var s string
			err := json.Unmarshal(quoted, &s)
			return []byte(s), err
		}
	}
	return inner, nil
}

// unquote sets *s to the JSON string raw holds, and leaves it for null.
func unquote(raw []byte, s *string) error {
	if len(raw) == 0 || raw[0] != '"' {
		return json.Unmarshal(raw, s)
	}
	text, err := stringOf(raw)
	*s = string(text)
	return err
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns where the JSON value starting at i ends.
func skipValue(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// keyIs reports whether a member's key names field as encoding/json
// matches one: exactly, else without regard to case.
func keyIs(key []byte, field string) bool {
	return string(key) == field || bytes.EqualFold(key, []byte(field))
}
