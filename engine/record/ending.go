package record

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
)

// decodeEnding reads an ending as encoding/json reads event.Ending, but
// for the outcome's terms (what the family's rules settled, which only
// the family's type decodes): its metrics and notes, most of a footer,
// are read member by member rather than through reflection, so that a
// study's thousands of endings read in a fraction of the time. Anything
// it cannot read is an error.
func decodeEnding(b []byte) (*event.Ending, error) {
	if bytes.Equal(b, []byte("null")) {
		return nil, errors.New("no ending")
	}
	e := &event.Ending{}
	var first error
	err := members(b, func(key, _, value []byte) {
		name, err := unquote(key)
		if err != nil {
			first = cmp.Or(first, err)
			return
		}
		// encoding/json matches a member to a field without case.
		switch strings.ToLower(name) {
		case "reason":
			var s string
			s, err = unquote(value)
			e.Reason = event.EndReason(s)
		case "turns":
			err = json.Unmarshal(value, &e.Turns)
		case "metrics":
			e.Metrics, err = numbers(value, e.Metrics)
		case "notes":
			e.Notes, err = texts(value, e.Notes)
		case "outcome":
			err = outcome(value, &e.Outcome)
		case "usage":
			err = json.Unmarshal(value, &e.Usage)
		case "retries":
			err = json.Unmarshal(value, &e.Retries)
		case "cache":
			err = json.Unmarshal(value, &e.Cache)
		}
		if err != nil {
			first = cmp.Or(first, fmt.Errorf("%s: %w", name, err))
		}
	})
	return e, errors.Join(err, first)
}

// outcome reads what every family's outcome has: whether the pair
// succeeded, its summary and how it was read. Its members are matched as
// event.Outcome matches them, by their exact key.
func outcome(b []byte, o *event.Outcome) error {
	var v event.Outcome
	var first error
	err := members(b, func(key, _, value []byte) {
		var err error
		switch string(key) {
		case `"success"`:
			err = json.Unmarshal(value, &v.Success)
		case `"summary"`:
			v.Summary, err = unquote(value)
		case `"reading"`:
			v.Reading = nil
			err = json.Unmarshal(value, &v.Reading)
		}
		if err != nil {
			first = cmp.Or(first, fmt.Errorf("%s: %w", key, err))
		}
	})
	if err = cmp.Or(err, first); err != nil {
		return err
	}
	*o = v
	return nil
}

// numbers reads an object of numbers into out, as encoding/json does
// into a map (null: none).
func numbers(b []byte, out map[string]float64) (map[string]float64, error) {
	if bytes.Equal(b, []byte("null")) {
		return nil, nil
	}
	if out == nil {
		out = make(map[string]float64, bytes.Count(b, []byte(","))+1)
	}
	var first error
	err := members(b, func(key, _, value []byte) {
		k, err := unquote(key)
		if err == nil {
			out[k], err = number(value)
		}
		if err != nil && first == nil {
			first = err
		}
	})
	return out, errors.Join(err, first)
}

// texts reads an object of strings into out, as encoding/json does into
// a map (null: none).
func texts(b []byte, out map[string]string) (map[string]string, error) {
	if bytes.Equal(b, []byte("null")) {
		return nil, nil
	}
	if out == nil {
		out = map[string]string{}
	}
	var first error
	err := members(b, func(key, _, value []byte) {
		k, err := unquote(key)
		if err == nil {
			out[k], err = unquote(value)
		}
		if err != nil && first == nil {
			first = err
		}
	})
	return out, errors.Join(err, first)
}

// unquote is a JSON string's text: cut out of its quotes when it holds
// no escape, else decoded.
func unquote(b []byte) (string, error) {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 && plain(b[1:len(b)-1]) {
		return string(b[1 : len(b)-1]), nil
	}
	var s string
	err := json.Unmarshal(b, &s)
	return s, err
}

// plain reports whether a string's bytes need no decoding: no control
// characters (which JSON refuses) and no bytes past ASCII (whose
// invalid sequences it replaces).
func plain(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x80 {
			return false
		}
	}
	return true
}

// number is a JSON number's value; anything else, or a number no
// float64 holds, is an error, as encoding/json has it.
func number(b []byte) (float64, error) {
	if !isNumber(b) {
		return 0, fmt.Errorf("%q is not a number", b)
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return 0, fmt.Errorf("%s does not fit a float64", b)
	}
	return v, nil
}

// isNumber checks JSON's grammar of numbers: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func isNumber(b []byte) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}
