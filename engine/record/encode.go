package record

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// appendEvent appends ev as encoding/json would write it, with the
// control characters it leaves raw escaped (textsafe.EscapeJSON), byte for
// byte, without reflection: events are most of a recording's lines, and
// json.Marshal was a sixth of a built-in study's time. An event this
// encoder does not handle (a number JSON cannot hold) goes through
// json.Marshal. ending is where the event's ending begins in the
// returned bytes, -1 when it has none or was not written here.
func appendEvent(dst []byte, ev *event.Event) (out []byte, ending int, err error) {
	if !finite(ev) || ev.Annotation != nil && !ev.Annotation.Source.Known() {
		cp := *ev // only this copy escapes, not every event
		b, err := json.Marshal(&cp)
		return append(dst, textsafe.EscapeJSON(b)...), -1, err
	}
	dst = append(dst, `{"run":`...)
	dst = appendString(dst, ev.RunID)
	dst = append(dst, `,"seq":`...)
	dst = strconv.AppendInt(dst, int64(ev.Seq), 10)
	dst = append(dst, `,"at":`...)
	dst = strconv.AppendInt(dst, int64(ev.At), 10)
	dst = append(dst, `,"kind":`...)
	dst = appendString(dst, string(ev.Kind))
	if ev.Turn != 0 {
		dst = append(dst, `,"turn":`...)
		dst = strconv.AppendInt(dst, int64(ev.Turn), 10)
	}
	dst = append(dst, `,"seat":`...)
	dst = strconv.AppendInt(dst, int64(ev.Seat), 10)
	dst = appendOptString(dst, `,"speaker":`, ev.Speaker)
	dst = appendOptString(dst, `,"backend":`, ev.Backend)
	dst = appendOptString(dst, `,"delta":`, ev.Delta)
	if a := ev.Action; a != nil {
		dst = append(dst, `,"action":{"type":`...)
		dst = appendString(dst, string(a.Type))
		dst = appendOptString(dst, `,"text":`, a.Text)
		if a.Price != nil {
			dst = append(dst, `,"price":`...)
			dst = appendFloat(dst, *a.Price)
		}
		dst = appendOptString(dst, `,"friend":`, a.Friend)
		if a.Split != nil {
			dst = appendSplit(append(dst, `,"split":`...), a.Split)
		}
		dst = append(dst, '}')
	}
	if a := ev.Annotation; a != nil {
		dst = append(dst, `,"annotation":{"kind":`...)
		dst = appendString(dst, string(a.Kind))
		dst = append(dst, `,"fact":`...)
		dst = appendString(dst, a.FactID)
		dst = append(dst, `,"start":`...)
		dst = strconv.AppendInt(dst, int64(a.Start), 10)
		dst = append(dst, `,"end":`...)
		dst = strconv.AppendInt(dst, int64(a.End), 10)
		if a.Negated {
			dst = append(dst, `,"negated":true`...)
		}
		if a.Approximate {
			dst = append(dst, `,"approximate":true`...)
		}
		dst = appendOptString(dst, `,"source":`, a.Source.String())
		if a.Position != 0 {
			dst = append(dst, `,"position":`...)
			dst = appendFloat(dst, a.Position)
		}
		dst = append(dst, '}')
	}
	dst = appendOptString(dst, `,"control":`, ev.Control)
	dst = appendOptString(dst, `,"error":`, ev.Error)
	dst = appendOptString(dst, `,"failure":`, string(ev.Failure))
	dst = appendOptString(dst, `,"reply":`, ev.Reply)
	dst = appendOptString(dst, `,"thought":`, ev.Thought)
	if u := ev.Usage; u != nil {
		dst = appendUsage(append(dst, `,"usage":`...), u)
	}
	ending = -1
	if ev.Ending != nil {
		dst = append(dst, `,"ending":`...)
		ending = len(dst)
		dst = appendEnding(dst, ev.Ending)
	}
	return append(dst, '}'), ending, nil
}

// appendFooter appends the footer line of a run that ended with end;
// encoded, when given, is end already encoded.
func appendFooter(dst []byte, end *event.Ending, encoded []byte) ([]byte, error) {
	if end != nil && !finiteEnding(end) {
		b, err := json.Marshal(Footer{Kind: footerKind, Ending: end})
		return append(dst, textsafe.EscapeJSON(b)...), err
	}
	dst = append(dst, `{"kind":"footer","ending":`...)
	switch {
	case end == nil:
		dst = append(dst, "null"...)
	case encoded != nil:
		dst = append(dst, encoded...)
	default:
		dst = appendEnding(dst, end)
	}
	return append(dst, '}'), nil
}

func appendEnding(dst []byte, e *event.Ending) []byte {
	dst = append(dst, `{"reason":`...)
	dst = appendString(dst, string(e.Reason))
	o := &e.Outcome
	dst = append(dst, `,"outcome":{`...)
	if o.Deal {
		dst = append(dst, `"deal":true,`...)
	}
	if o.Price != nil {
		dst = appendFloat(append(dst, `"price":`...), *o.Price)
		dst = append(dst, ',')
	}
	// An array is never empty to encoding/json: omitempty keeps it.
	dst = append(dst, `"selections":[`...)
	dst = append(appendString(dst, o.Selections[0]), ',')
	dst = append(appendString(dst, o.Selections[1]), "],"...)
	dst = append(dst, `"splits":[`...)
	dst = append(appendSplit(dst, o.Splits[0]), ',')
	dst = append(appendSplit(dst, o.Splits[1]), "],"...)
	if o.Success {
		dst = append(dst, `"success":true,`...)
	}
	dst = append(dst, `"summary":`...)
	dst = append(appendString(dst, o.Summary), '}')
	dst = append(dst, `,"turns":`...)
	dst = strconv.AppendInt(dst, int64(e.Turns), 10)
	if len(e.Metrics) > 0 {
		dst = appendMap(append(dst, `,"metrics":`...), e.Metrics, appendFloat)
	}
	if len(e.Notes) > 0 {
		dst = appendMap(append(dst, `,"notes":`...), e.Notes, appendString)
	}
	if u := e.Usage; u != nil {
		dst = appendUsage(append(dst, `,"usage":`...), u)
	}
	if len(e.Retries) > 0 {
		dst = appendSplit(append(dst, `,"retries":`...), e.Retries)
	}
	if c := e.Cache; c != nil {
		dst = strconv.AppendInt(append(dst, `,"cache":{"hits":`...), int64(c.Hits), 10)
		dst = strconv.AppendInt(append(dst, `,"misses":`...), int64(c.Misses), 10)
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

// finite reports whether every number of ev can be written as JSON.
func finite(ev *event.Event) bool {
	if a := ev.Action; a != nil && a.Price != nil && !isFinite(*a.Price) {
		return false
	}
	if a := ev.Annotation; a != nil && !isFinite(a.Position) {
		return false
	}
	return ev.Ending == nil || finiteEnding(ev.Ending)
}

func finiteEnding(e *event.Ending) bool {
	if p := e.Outcome.Price; p != nil && !isFinite(*p) {
		return false
	}
	for _, v := range e.Metrics {
		if !isFinite(v) {
			return false
		}
	}
	return true
}

func isFinite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// appendFloat writes f as encoding/json does: without an exponent between
// 1e-6 and 1e21, with the shortest one ("1e-07" written "1e-7") outside.
func appendFloat(dst []byte, f float64) []byte {
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

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func appendOptString(dst []byte, key, s string) []byte {
	if s == "" {
		return dst
	}
	return appendString(append(dst, key...), s)
}

func appendUsage(dst []byte, u *event.Usage) []byte {
	dst = append(dst, `{"prompt":`...)
	dst = strconv.AppendInt(dst, int64(u.Prompt), 10)
	dst = append(dst, `,"completion":`...)
	dst = strconv.AppendInt(dst, int64(u.Completion), 10)
	if u.Cached != 0 {
		dst = append(dst, `,"cached":`...)
		dst = strconv.AppendInt(dst, int64(u.Cached), 10)
	}
	dst = appendOptString(dst, `,"role":`, u.Role)
	return append(dst, '}')
}

// appendSplit writes a split's items (or any counts by name) as
// encoding/json writes the map (null for none).
func appendSplit(dst []byte, split map[string]int) []byte {
	if split == nil {
		return append(dst, "null"...)
	}
	return appendMap(dst, split, func(dst []byte, n int) []byte { return strconv.AppendInt(dst, int64(n), 10) })
}

// appendMap writes m as a JSON object in key order, as encoding/json
// writes a map, each value by appendValue.
func appendMap[V any](dst []byte, m map[string]V, appendValue func([]byte, V) []byte) []byte {
	dst = append(dst, '{')
	for i, k := range sortedKeys(m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendValue(append(appendString(dst, k), ':'), m[k])
	}
	return append(dst, '}')
}

// escaped marks the bytes encoding/json or textsafe.EscapeJSON write
// otherwise than as themselves (or that start a character they may).
var escaped = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c < 0x20 || c == 0x7f || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&'
	}
	return t
}()

// appendString writes s as a JSON string. Text that encoding/json would
// escape (quotes, backslashes, control characters, <, > and &, anything
// not ASCII) goes through it and textsafe.EscapeJSON, so the bytes are the
// same.
func appendString(dst []byte, s string) []byte {
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
