package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/omnigap/omnigap/engine/scenario"
)

// MaxFileBytes caps a config file's size; real ones are a few hundred
// bytes.
const MaxFileBytes = 64 << 10

// Path is $XDG_CONFIG_HOME/omnigap/config.yaml, falling back to
// ~/.config when XDG_CONFIG_HOME is unset.
func Path(getenv func(string) string) string {
	dir := getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "omnigap", "config.yaml")
}

// Load reads a config file the way scenario files are read (a regular
// file only, of at most MaxFileBytes, its nesting, aliases and tags
// bounded) and strictly: one YAML document of known keys, each with a
// value of its setting's type (null is none), each value checked. Every
// error names the file, the line and the key. A file that does not exist
// gives an empty layer when it is optional (the default path) and an
// error otherwise; a link to nothing is always an error.
func Load(path string, optional bool) (Layer, error) {
	if path == "" {
		return Layer{}, nil
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(path); lerr == nil {
			return Layer{}, fmt.Errorf("%s: a link to %s, which does not exist", path, target)
		}
		if optional {
			return Layer{}, nil
		}
		return Layer{}, fmt.Errorf("%s: no such config file", path)
	}
	y, err := scenario.ReadYAMLFile(path, MaxFileBytes, "config files")
	if err != nil {
		return Layer{}, err
	}
	return fromYAML(y)
}

// fromYAML reads the settings of a parsed config file. Every document's
// keys and types are checked, so nothing in a file passes unread; then a
// second document with content is refused, since it would be ignored.
func fromYAML(y *scenario.YAMLFile) (Layer, error) {
	var (
		l        Layer
		problems []error
		given    map[string]origin
		first    = -1
		anchors  = map[string]ast.Node{}
	)
	for i, doc := range y.Tree.Docs {
		if !hasContent(doc.Body) {
			continue
		}
		settings, err := readSettings(y.Name, doc.Body, anchors)
		problems = append(problems, err...)
		if first >= 0 {
			if len(problems) == 0 {
				start := doc.Start // the "---"
				if start == nil {
					start = doc.Body.GetToken()
				}
				problems = append(problems, atToken(start, y.Name, "", "a config file holds one YAML document; a second one begins here"))
			}
			break
		}
		first, given = i, settings
	}
	if len(problems) > 0 {
		return l, errors.Join(problems...)
	}
	if first < 0 {
		return l, nil
	}
	if err := y.Decode(first, &l.Config); err != nil {
		return l, err
	}
	for key, o := range given {
		l.give(key, o)
	}
	return l, l.Check()
}

// readSettings checks a document's keys and the types of their values,
// and returns where each setting it gives is.
func readSettings(file string, body ast.Node, anchors map[string]ast.Node) (map[string]origin, []error) {
	entries, err := entriesOf(body, file)
	if err != nil {
		return nil, []error{err}
	}
	given := map[string]origin{}
	var problems []error
	for _, mv := range entries {
		key := mv.Key.String()
		if k, ok := mv.Key.(*ast.StringNode); ok {
			key = k.Value
		}
		f, ok := fieldByKey(key)
		if !ok {
			problems = append(problems, at(mv.Key, file, key, "unknown key (docs/LLM.md lists the keys)"))
			continue
		}
		if msg, where := typeProblem(f, resolved(mv.Value, anchors), anchors); msg != "" {
			problems = append(problems, at(where, file, key, msg))
			continue
		}
		place := at(mv.Value, file, key, "")
		given[key] = origin{at: &place}
	}
	return given, problems
}

// entriesOf lists the key: value entries of a document's body.
func entriesOf(body ast.Node, file string) ([]*ast.MappingValueNode, error) {
	switch b := resolved(body, nil).(type) {
	case *ast.MappingNode:
		return b.Values, nil
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{b}, nil
	}
	return nil, at(body, file, "", "want key: value lines, such as model: qwen")
}

// hasContent says whether a document's body holds anything but comments.
func hasContent(body ast.Node) bool {
	if body == nil {
		return false
	}
	_, comment := body.(*ast.CommentGroupNode)
	return !comment
}

// resolved is the value a node stands for: through tags, anchors (which
// it records) and aliases (which it looks up).
func resolved(n ast.Node, anchors map[string]ast.Node) ast.Node {
	for {
		switch v := n.(type) {
		case *ast.TagNode:
			n = v.Value
		case *ast.AnchorNode:
			if anchors != nil {
				anchors[v.Name.String()] = v.Value
			}
			n = v.Value
		case *ast.AliasNode:
			target, ok := anchors[v.Value.String()]
			if !ok {
				return n
			}
			n = target
		default:
			return n
		}
	}
}

// typeProblem says how a value's node does not fit its setting's type,
// and where, or "" when it fits. Whole numbers must be written as such
// (the decoder would cut 1.5 to 1), and null is never a value.
func typeProblem(f field, n ast.Node, anchors map[string]ast.Node) (string, ast.Node) {
	if n == nil || n.Type() == ast.NullType {
		return "null: leave the key out to keep the setting unset", n
	}
	typ := reflect.TypeFor[Config]().Field(f.index).Type
	want := nodeTypes[typ]
	if !slices.Contains(want.types, n.Type()) {
		return describe(n) + ": " + want.words, n
	}
	switch v := n.(type) {
	case *ast.SequenceNode:
		for _, item := range v.Values {
			if item = resolved(item, anchors); item == nil || (item.Type() != ast.StringType && item.Type() != ast.LiteralType) {
				return describe(item) + ": want text for each item", item
			}
		}
	case *ast.StringNode:
		if typ == durationType {
			if _, err := time.ParseDuration(v.Value); err != nil {
				return describe(n) + ": " + want.words, n
			}
		}
	}
	return "", nil
}

var durationType = reflect.TypeFor[time.Duration]()

// nodeTypes are the YAML values each type of setting takes.
var nodeTypes = map[reflect.Type]struct {
	types []ast.NodeType
	words string
}{
	reflect.TypeFor[string]():   {[]ast.NodeType{ast.StringType, ast.LiteralType}, "want text"},
	reflect.TypeFor[float64]():  {[]ast.NodeType{ast.IntegerType, ast.FloatType, ast.InfinityType, ast.NanType}, "want a number"},
	reflect.TypeFor[int]():      {[]ast.NodeType{ast.IntegerType}, "want a whole number"},
	durationType:                {[]ast.NodeType{ast.StringType}, "want a duration such as 90s"},
	reflect.TypeFor[bool]():     {[]ast.NodeType{ast.BoolType}, "want true or false"},
	reflect.TypeFor[[]string](): {[]ast.NodeType{ast.SequenceType}, "want a list"},
}

// describe shows a value in an error: text quoted and clipped, a number
// or a word as written, a list or a mapping by its kind.
func describe(n ast.Node) string {
	switch v := n.(type) {
	case nil:
		return "null"
	case *ast.StringNode:
		return strconv.Quote(clip(v.Value))
	case *ast.LiteralNode:
		return strconv.Quote(clip(v.Value.Value))
	case *ast.SequenceNode:
		return "a list"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	}
	return clip(n.GetToken().Value)
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// at is a problem placed at a node (the key's value, a list's item).
func at(n ast.Node, file, field, msg string) scenario.FieldError {
	if n == nil {
		return scenario.FieldError{File: file, Field: field, Msg: msg}
	}
	return atToken(n.GetToken(), file, field, msg)
}

func atToken(tk *token.Token, file, field, msg string) scenario.FieldError {
	fe := scenario.FieldError{File: file, Field: field, Msg: msg}
	if tk != nil && tk.Position != nil {
		fe.Line, fe.Column = tk.Position.Line, tk.Position.Column
	}
	return fe
}
