package record

import (
	"bytes"
	"errors"
	"fmt"
)

// members hands each member of the JSON object obj to each: its key as
// written (with its quotes), the whole member (key, colon and value) and
// the value. It finds where each value ends without decoding it, so a
// reader can decode only the members it wants: nested values are
// passed over by their brackets and strings, and are checked only by
// whoever decodes them.
func members(obj []byte, each func(key, member, value []byte)) error {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return errors.New("not an object")
	}
	i = skipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return nil
	}
	for {
		start := i
		end, err := skipString(obj, i)
		if err != nil {
			return err
		}
		key := obj[start:end]
		i = skipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return fmt.Errorf("no colon after the key %s", clip(string(key)))
		}
		v := skipSpace(obj, i+1)
		vend, err := skipValue(obj, v)
		if err != nil {
			return err
		}
		each(key, obj[start:vend], obj[v:vend])
		i = skipSpace(obj, vend)
		if i >= len(obj) {
			return errors.New("the object is not closed")
		}
		switch obj[i] {
		case '}':
			return nil
		case ',':
			i = skipSpace(obj, i+1)
		default:
			return fmt.Errorf("%q after a member", obj[i])
		}
	}
}

// structural are the bytes that open or close a string, an object or an
// array.
var structural = [256]bool{'"': true, '{': true, '}': true, '[': true, ']': true}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString is the end of the string that starts at i: the first quote
// after it that no backslash escapes.
func skipString(b []byte, i int) (int, error) {
	if i >= len(b) || b[i] != '"' {
		return 0, errors.New("a key must be a string")
	}
	for j := i + 1; ; {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, errors.New("a string is not closed")
		}
		end := j + k
		escapes := 0
		for p := end - 1; p > i && b[p] == '\\'; p-- {
			escapes++
		}
		if escapes%2 == 0 {
			return end + 1, nil
		}
		j = end + 1
	}
}

// skipValue is the end of the value that starts at i: a string, an
// object or array (to its closing bracket), or a number or literal (to
// the next delimiter).
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errors.New("a value is missing")
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			if !structural[b[i]] {
				continue // only quotes and brackets matter here
			}
			switch b[i] {
			case '"':
				end, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, nil
				}
			}
		}
		return 0, errors.New("an object or array is not closed")
	}
	start := i
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	if i == start {
		return 0, fmt.Errorf("%q is no value", b[i])
	}
	return i, nil
}
