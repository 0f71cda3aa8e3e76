package scenario

import (
	"fmt"
	"strings"
)

// FieldError is one problem with a scenario file, located by line, column
// and field path.
type FieldError struct {
	File   string
	Line   int
	Column int
	Field  string
	Msg    string
}

func (e FieldError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column)
	}
	if e.Field == "" {
		return fmt.Sprintf("%s: %s", loc, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", loc, e.Field, e.Msg)
}

// LoadError gathers every problem found in one file.
type LoadError struct {
	Problems []FieldError
}

func (e *LoadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}
