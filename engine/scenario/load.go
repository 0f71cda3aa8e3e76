package scenario

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/parser"
)

// LoadFile reads and validates a scenario file.
func LoadFile(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse decodes a scenario from YAML, rejecting unknown keys, and validates
// it. Every error names the file, line, column and field. The returned
// scenario carries its derived facts.
func Parse(name string, data []byte) (*Scenario, error) {
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, &LoadError{Problems: []FieldError{decodeProblem(name, nil, err)}}
	}
	pos := positions{}
	for _, doc := range file.Docs {
		indexPositions(doc, "", pos)
	}
	var sc Scenario
	if err := yaml.UnmarshalWithOptions(data, &sc, yaml.Strict()); err != nil {
		return nil, &LoadError{Problems: []FieldError{decodeProblem(name, pos, err)}}
	}
	sc.Source = name
	if probs := sc.validate(); len(probs) > 0 {
		out := make([]FieldError, len(probs))
		for i, p := range probs {
			out[i] = FieldError{File: name, Field: p.path, Msg: p.msg}
			if at, _ := pos.locate(p.path); at != nil {
				out[i].Line, out[i].Column = at.Line, at.Column
			}
		}
		return nil, &LoadError{Problems: out}
	}
	sc.Normalize()
	return &sc, nil
}

var goFieldName = regexp.MustCompile(`Go struct field [\w.]*?\.?(\w+) of type`)

// decodeProblem turns a go-yaml error into a FieldError with position and,
// where the token lets us find it, the field path.
func decodeProblem(name string, pos positions, err error) FieldError {
	fe := FieldError{File: name, Msg: err.Error()}
	var yerr yaml.Error
	if errors.As(err, &yerr) {
		fe.Msg = yerr.GetMessage()
		if tok := yerr.GetToken(); tok != nil {
			fe.Line, fe.Column = tok.Position.Line, tok.Position.Column
			if pos != nil {
				fe.Field = pos.pathOf(tok)
			}
		}
	}
	if m := goFieldName.FindStringSubmatch(fe.Msg); m != nil {
		fe.Msg = strings.Replace(fe.Msg, m[0], "field "+m[1]+" of type", 1)
	}
	if fe.Msg == "" {
		fe.Msg = fmt.Sprint(err)
	}
	return fe
}
