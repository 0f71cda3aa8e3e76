package interop

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// A problem names its file and line (or record), its field and why, in
// one shape for every importer.
func TestProblemWording(t *testing.T) {
	for _, c := range []struct {
		p    Problem
		want string
	}{
		{Problem{At: Position{File: "a.jsonl", Line: 3}, Field: "messages", Msg: "is empty"}, "a.jsonl:3: messages: is empty"},
		{Problem{At: Position{File: "a.jsonl", Line: 3}, Msg: "not JSON"}, "a.jsonl:3: not JSON"},
		{Problem{At: Position{File: "v.json", Record: 4}, Field: "events", Msg: "is empty"}, "v.json: record 4: events: is empty"},
		{Problem{At: Position{File: "l.jsonl", Record: -1}, Msg: "is a link"}, "l.jsonl: is a link"},
	} {
		if got := c.p.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	at := Position{File: "f", Line: 2}
	if p := ProblemAt(at, Fieldf("rewards", "must hold %d", 2)); p.Field != "rewards" || p.Msg != "must hold 2" || p.At != at {
		t.Errorf("%+v", p)
	}
	if p := ProblemAt(at, errors.New(" plain ")); p.Msg != "plain" || p.Field != "" {
		t.Errorf("%+v", p)
	}
}

// Records hands over each non-blank line with its number, skips a line
// over the cap as a problem and goes on, and stops at ErrStop.
func TestRecords(t *testing.T) {
	in := "{\"a\":1}\n\n" + strings.Repeat("x", 40) + "\n{\"a\":2}\nbad\n{\"a\":3}\n"
	var lines []int
	var probs []string
	err := Records(context.Background(), strings.NewReader(in), "f.jsonl", 20, func(p Problem) { probs = append(probs, p.Error()) },
		func(at Position, line []byte) error {
			if string(line) == "bad" {
				return Fieldf("x", "is bad")
			}
			lines = append(lines, at.Line)
			return nil
		})
	if err != nil || len(lines) != 3 || lines[0] != 1 || lines[1] != 4 || lines[2] != 6 {
		t.Errorf("lines %v, err %v", lines, err)
	}
	if len(probs) != 2 || probs[0] != "f.jsonl:3: record longer than 20 bytes" || probs[1] != "f.jsonl:5: x: is bad" {
		t.Errorf("problems %q", probs)
	}
	n := 0
	err = Records(context.Background(), strings.NewReader(in), "f.jsonl", 100, func(Problem) {}, func(Position, []byte) error {
		n++
		return ErrStop
	})
	if err != ErrStop || n != 1 {
		t.Errorf("ErrStop: %v after %d", err, n)
	}
}
