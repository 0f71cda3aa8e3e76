package record

import (
	"encoding/json"
	"strconv"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/jsonw"
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
	if out, ending, ok := appendFast(dst, ev); ok {
		return out, ending, nil
	}
	cp := *ev // only this copy escapes, not every event
	b, err := json.Marshal(&cp)
	return append(dst, textsafe.EscapeJSON(b)...), -1, err
}

// appendFast is appendEvent by hand; ok is false, and dst as it was,
// when the event holds what it cannot write (a number JSON cannot hold,
// an annotation's source with no word, which encoding/json refuses).
func appendFast(dst []byte, ev *event.Event) (out []byte, ending int, ok bool) {
	if !finite(ev) || ev.Annotation != nil && !ev.Annotation.Source.Known() {
		return dst, -1, false
	}
	start := len(dst)
	dst = append(dst, `{"run":`...)
	dst = jsonw.String(dst, ev.RunID)
	dst = append(dst, `,"seq":`...)
	dst = strconv.AppendInt(dst, int64(ev.Seq), 10)
	dst = append(dst, `,"at":`...)
	dst = strconv.AppendInt(dst, int64(ev.At), 10)
	dst = append(dst, `,"kind":`...)
	dst = jsonw.String(dst, string(ev.Kind))
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
		dst = jsonw.String(dst, string(a.Type))
		dst = appendOptString(dst, `,"text":`, a.Text)
		if a.Arg != nil {
			dst = append(jsonw.String(append(dst, ','), a.Arg.Key()), ':')
			if dst, ok = a.Arg.AppendJSON(dst); !ok {
				return dst[:start], -1, false
			}
		}
		dst = append(dst, '}')
	}
	if a := ev.Annotation; a != nil {
		dst = append(dst, `,"annotation":{"kind":`...)
		dst = jsonw.String(dst, string(a.Kind))
		dst = append(dst, `,"fact":`...)
		dst = jsonw.String(dst, a.FactID)
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
			dst = jsonw.Float(dst, a.Position)
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
		if dst, ok = appendEnding(dst, ev.Ending); !ok {
			return dst[:start], -1, false
		}
	}
	return append(dst, '}'), ending, true
}

// appendFooter appends the footer line of a run that ended with end;
// encoded, when given, is end already encoded.
func appendFooter(dst []byte, end *event.Ending, encoded []byte) ([]byte, error) {
	start := len(dst)
	dst = append(dst, `{"kind":"footer","ending":`...)
	ok := true
	switch {
	case end == nil:
		dst = append(dst, "null"...)
	case encoded != nil:
		dst = append(dst, encoded...)
	case finiteEnding(end):
		dst, ok = appendEnding(dst, end)
	default:
		ok = false
	}
	if !ok {
		b, err := json.Marshal(Footer{Kind: footerKind, Ending: end})
		return append(dst[:start], textsafe.EscapeJSON(b)...), err
	}
	return append(dst, '}'), nil
}

// appendEnding writes an ending; ok is false when its outcome cannot be
// written as JSON (a family's terms write themselves through
// encoding/json: a run has one outcome).
func appendEnding(dst []byte, e *event.Ending) (out []byte, ok bool) {
	dst = append(dst, `{"reason":`...)
	dst = jsonw.String(dst, string(e.Reason))
	dst, err := e.Outcome.AppendJSON(append(dst, `,"outcome":`...))
	if err != nil {
		return dst, false
	}
	dst = append(dst, `,"turns":`...)
	dst = strconv.AppendInt(dst, int64(e.Turns), 10)
	if len(e.Metrics) > 0 {
		dst = jsonw.Map(append(dst, `,"metrics":`...), e.Metrics, jsonw.Float)
	}
	if len(e.Notes) > 0 {
		dst = jsonw.Map(append(dst, `,"notes":`...), e.Notes, jsonw.String)
	}
	if u := e.Usage; u != nil {
		dst = appendUsage(append(dst, `,"usage":`...), u)
	}
	if len(e.Retries) > 0 {
		dst = jsonw.Counts(append(dst, `,"retries":`...), e.Retries)
	}
	if c := e.Cache; c != nil {
		dst = strconv.AppendInt(append(dst, `,"cache":{"hits":`...), int64(c.Hits), 10)
		dst = strconv.AppendInt(append(dst, `,"misses":`...), int64(c.Misses), 10)
		dst = append(dst, '}')
	}
	return append(dst, '}'), true
}

// finite reports whether every number of ev this encoder writes itself
// can be written as JSON (an argument and an outcome say so themselves).
func finite(ev *event.Event) bool {
	if a := ev.Annotation; a != nil && !jsonw.Finite(a.Position) {
		return false
	}
	return ev.Ending == nil || finiteEnding(ev.Ending)
}

func finiteEnding(e *event.Ending) bool {
	for _, v := range e.Metrics {
		if !jsonw.Finite(v) {
			return false
		}
	}
	return true
}

func appendOptString(dst []byte, key, s string) []byte {
	if s == "" {
		return dst
	}
	return jsonw.String(append(dst, key...), s)
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
