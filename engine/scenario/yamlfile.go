package scenario

import (
	"errors"
	"fmt"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"

	"github.com/omnigap/omnigap/engine/safefile"
)

// YAMLFile is a YAML file parsed within the bounds scenario files are
// read with (nesting, aliases, tags: limits.go), not yet decoded. Other
// readers of YAML (the model backends' config file) use it too, so every
// YAML file the app reads is bounded the same way.
type YAMLFile struct {
	Name string
	// Tree is the parsed, unexpanded tree: one entry per document.
	Tree *ast.File
	data []byte
	pos  positions
}

// ReadYAMLFile reads path as a scenario file is read: a regular file
// only (never a device, a FIFO or a socket, even through a link), of at
// most limit bytes, parsed within the bounds. kind names such files in
// the size limit's error ("config files").
func ReadYAMLFile(path string, limit int64, kind string) (*YAMLFile, error) {
	data, err := safefile.ReadCapped(path, limit)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, &LoadError{Problems: []FieldError{sizeProblem(path, data, limit, kind)}}
	}
	if err != nil {
		return nil, err
	}
	return parseYAML(path, data)
}

// parseYAML parses data within the bounds; name is the file it came from.
// Every error is a *LoadError naming file, line, column and field.
func parseYAML(name string, data []byte) (*YAMLFile, error) {
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
	return &YAMLFile{Name: name, Tree: file, data: data, pos: pos}, nil
}

// Decode decodes document i into out strictly, as yaml.Unmarshal would
// (unknown keys are errors), without parsing the bytes a second time. A
// missing or empty document leaves out as it is. The decoder has panicked
// on odd trees; that becomes an error at the document's start, never a
// crash.
func (y *YAMLFile) Decode(i int, out any) (err error) {
	if i >= len(y.Tree.Docs) || y.Tree.Docs[i].Body == nil {
		return nil
	}
	body := y.Tree.Docs[i].Body
	defer func() {
		if r := recover(); r != nil {
			err = &yaml.SyntaxError{Message: fmt.Sprintf("the YAML decoder could not read this file (%v)", r), Token: body.GetToken()}
		}
		if err != nil {
			err = &LoadError{Problems: []FieldError{decodeProblem(y.Name, y.data, y.pos, err)}}
		}
	}()
	return yaml.NodeToValue(body, out, yaml.Strict())
}

// At is a problem with a field (a path such as "seats[1].character.goal"),
// placed at the field's key, or at its nearest ancestor's when the field
// is not in the file.
func (y *YAMLFile) At(field, msg string) FieldError {
	fe := FieldError{File: y.Name, Field: field, Msg: msg}
	if at, _ := y.pos.locate(field); at != nil {
		fe.Line, fe.Column = at.Line, at.Column
	}
	return fe
}
