package interop

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/safefile"
)

// Position is where a record sits in an imported file: its 1-based line
// for line-per-record files (JSONL), or its 0-based index in the file's
// top-level list for files that hold one JSON list (Line is then 0).
// Line 0 and Record -1 stand for the whole file.
type Position struct {
	File   string
	Line   int
	Record int
}

func (p Position) String() string {
	switch {
	case p.Line > 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	case p.Record < 0:
		return p.File
	}
	return fmt.Sprintf("%s: record %d", p.File, p.Record)
}

// Problem is one record that an importer could not read or import: where
// it sits, the field it concerns (empty when the whole record is at
// fault), and why. Every importer reports its skipped records as Problems.
type Problem struct {
	At    Position
	Field string
	Msg   string
}

func (p Problem) Error() string {
	if p.Field == "" {
		return p.At.String() + ": " + p.Msg
	}
	return p.At.String() + ": " + p.Field + ": " + p.Msg
}

// FieldError is a record's fault in one field, before the record's
// position is known; ProblemAt places it.
type FieldError struct{ Field, Msg string }

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

// Fieldf makes a FieldError.
func Fieldf(field, format string, args ...any) error {
	return &FieldError{field, fmt.Sprintf(format, args...)}
}

// ProblemAt is err as a Problem of the record at: a Problem stays as it
// is, a FieldError keeps its field, anything else becomes the message
// (a file named as given, safefile.Explain).
func ProblemAt(at Position, err error) Problem {
	var p Problem
	if errors.As(err, &p) {
		return p
	}
	var fe *FieldError
	if errors.As(err, &fe) {
		return Problem{At: at, Field: fe.Field, Msg: fe.Msg}
	}
	return Problem{At: at, Msg: strings.TrimSpace(safefile.Explain(err).Error())}
}

// Reasons lists why records were skipped, one per line, the first few
// and how many more.
func Reasons(probs []Problem) string {
	const shown = 5
	var b strings.Builder
	for _, p := range probs[:min(len(probs), shown)] {
		b.WriteString("\n  " + p.Error())
	}
	if len(probs) > shown {
		fmt.Fprintf(&b, "\n  and %d more", len(probs)-shown)
	}
	return b.String()
}
