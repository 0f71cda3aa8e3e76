package scenario

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"
)

// LoadFile reads and validates a scenario file. Only a regular file of at
// most MaxFileBytes is read.
func LoadFile(path string) (*Scenario, error) {
	y, err := ReadYAMLFile(path, MaxFileBytes, scenarioFiles)
	if err != nil {
		return nil, err
	}
	return fromYAML(y)
}

// Parse decodes a scenario from YAML, rejecting unknown keys, and validates
// it. Every error names the file, line, column and field. The returned
// scenario carries its derived facts.
func Parse(name string, data []byte) (*Scenario, error) {
	if int64(len(data)) > MaxFileBytes {
		return nil, &LoadError{Problems: []FieldError{sizeProblem(name, data[:MaxFileBytes], MaxFileBytes, scenarioFiles)}}
	}
	y, err := parseYAML(name, data)
	if err != nil {
		return nil, err
	}
	return fromYAML(y)
}

// scenarioFiles names scenario files in the size limit's error.
const scenarioFiles = "scenarios (OMNIGAP_MAX_SCENARIO_BYTES raises it)"

// fromYAML decodes a scenario from its first document and validates it.
func fromYAML(y *YAMLFile) (*Scenario, error) {
	var sc Scenario
	if err := y.Decode(0, &sc); err != nil {
		return nil, err
	}
	sc.Source = y.Name
	if probs := sc.validate(); len(probs) > 0 {
		out := make([]FieldError, len(probs))
		for i, p := range probs {
			out[i] = y.At(p.path, p.msg)
		}
		return nil, &LoadError{Problems: out}
	}
	sc.Normalize()
	return &sc, nil
}

var wrongType = regexp.MustCompile(`cannot unmarshal (.+?) into Go struct field \S* of type (\S+)`)

// typeWords says in words what a Go type expects from an author.
var typeWords = map[string]string{
	"int": "a whole number", "float64": "a number", "string": "text", "bool": "true or false",
}

// nodeWords says in words what an author wrote where a value was wanted.
var nodeWords = map[string]string{"[]interface {}": "a list", "map[string]interface {}": "a mapping"}

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
		want, got := typeWords[m[2]], nodeWords[m[1]]
		if want == "" {
			want = "a value of type " + m[2]
		}
		if got == "" {
			got = m[1]
		}
		fe.Msg = fmt.Sprintf("must be %s (got %s)", want, got)
	}
	if fe.Msg == "" {
		fe.Msg = fmt.Sprint(err)
	}
	// A tab is quoted as itself, which reads as a space on any screen.
	if strings.Contains(fe.Msg, "character '\t'") {
		fe.Msg = "found a tab character: YAML indents with spaces only"
	}
	return fe
}
