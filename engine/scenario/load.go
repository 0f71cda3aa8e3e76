package scenario

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"

	"github.com/omnigap/omnigap/engine/safefile"
)

// LoadFile reads and validates a scenario file. Only a regular file of at
// most MaxFileBytes is read.
func LoadFile(path string) (*Scenario, error) {
	data, err := safefile.ReadCapped(path, MaxFileBytes)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, &LoadError{Problems: []FieldError{sizeProblem(path, data)}}
	}
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse decodes a scenario from YAML, rejecting unknown keys, and validates
// it. Every error names the file, line, column and field. The returned
// scenario carries its derived facts.
func Parse(name string, data []byte) (*Scenario, error) {
	if int64(len(data)) > MaxFileBytes {
		return nil, &LoadError{Problems: []FieldError{sizeProblem(name, data[:MaxFileBytes])}}
	}
	tokens := lexer.Tokenize(string(data))
	if fe := checkNesting(name, data, tokens); fe != nil {
		return nil, &LoadError{Problems: []FieldError{*fe}}
	}
	file, err := parser.Parse(tokens, 0)
	if err != nil {
		return nil, &LoadError{Problems: []FieldError{decodeProblem(name, data, nil, err)}}
	}
	if fe := checkTree(name, data, file); fe != nil {
		return nil, &LoadError{Problems: []FieldError{*fe}}
	}
	pos := positions{}
	for _, doc := range file.Docs {
		indexPositions(doc, "", pos)
	}
	var sc Scenario
	if err := decodeTree(file, &sc); err != nil {
		return nil, &LoadError{Problems: []FieldError{decodeProblem(name, data, pos, err)}}
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

// decodeTree decodes the first document of an already parsed file, as
// yaml.Unmarshal would, without parsing the bytes a second time.
// The decoder has panicked on odd trees; that becomes an error at the
// document's start, never a crash.
func decodeTree(file *ast.File, sc *Scenario) (err error) {
	if len(file.Docs) == 0 || file.Docs[0].Body == nil {
		return nil
	}
	body := file.Docs[0].Body
	defer func() {
		if r := recover(); r != nil {
			err = &yaml.SyntaxError{Message: fmt.Sprintf("the YAML decoder could not read this file (%v)", r), Token: body.GetToken()}
		}
	}()
	return yaml.NodeToValue(body, sc, yaml.Strict())
}

var wrongType = regexp.MustCompile(`cannot unmarshal (\S+) into Go struct field \S+ of type (\S+)`)

// typeWords says in words what a Go type expects from an author.
var typeWords = map[string]string{
	"int": "a whole number", "float64": "a number", "string": "text", "bool": "true or false",
}

// decodeProblem turns a go-yaml error into a FieldError with position and,
// where the token lets us find it, the field path. A syntax error leaves no
// tree (pos is nil), so the path is guessed from the tokens before it.
func decodeProblem(name string, data []byte, pos positions, err error) FieldError {
	fe := FieldError{File: name, Msg: err.Error()}
	var yerr yaml.Error
	if errors.As(err, &yerr) {
		fe.Msg = yerr.GetMessage()
		if tok := yerr.GetToken(); tok != nil {
			fe.Line, fe.Column = tok.Position.Line, tok.Position.Column
			if pos != nil {
				fe.Field = pos.pathOf(tok)
			} else {
				fe.Field = pathBefore(data, fe.Line, fe.Column)
			}
		}
	}
	// go-yaml names Go types and sometimes the wrong struct field; the
	// path already says which field, so say only what was expected.
	if m := wrongType.FindStringSubmatch(fe.Msg); m != nil {
		want := typeWords[m[2]]
		if want == "" {
			want = "a value of type " + m[2]
		}
		fe.Msg = fmt.Sprintf("must be %s (got %s)", want, m[1])
	}
	if fe.Msg == "" {
		fe.Msg = fmt.Sprint(err)
	}
	return fe
}
