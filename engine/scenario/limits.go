package scenario

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// Bounds on what a scenario file may ask of the loader. They are checked on
// the tokens and the unexpanded tree, before the decoder expands aliases or
// builds anything, so a hostile file costs at most a pass over its bytes.
var (
	// MaxFileBytes caps a scenario file's size (OMNIGAP_MAX_SCENARIO_BYTES
	// in the app). The built-in scenarios are a few kB.
	MaxFileBytes int64 = 1 << 20
	// MaxDepth caps the nesting of lists and mappings; scenarios need 7.
	MaxDepth = 64
	// MaxAliasNodes caps how many nodes aliases may add when expanded.
	MaxAliasNodes = 10_000
)

// checkNesting refuses flow lists and mappings ([ { ) nested deeper than
// MaxDepth, on the tokens: the parser's cost grows with the square of the
// depth. Block nesting, which the size cap keeps shallow, and aliases are
// checked on the unexpanded tree by checkTree.
func checkNesting(name string, data []byte, tokens token.Tokens) *FieldError {
	depth := 0
	for _, tk := range tokens {
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			if depth++; depth > MaxDepth {
				return boundProblem(name, data, tk, fmt.Sprintf("nested more than %d levels deep", MaxDepth))
			}
		case token.SequenceEndType, token.MappingEndType:
			depth--
		}
	}
	return nil
}

// standardTags are the YAML tags a scenario may use; the decoder does not
// cope with every other one.
var standardTags = map[string]bool{
	"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true, "!!seq": true, "!!map": true,
}

// checkTree refuses a parsed (unexpanded) tree nested deeper than MaxDepth
// or whose aliases would expand to more than MaxAliasNodes nodes, and
// tags other than the standard ones.
func checkTree(name string, data []byte, file *ast.File) *FieldError {
	w := treeWalk{anchors: map[string]int{}}
	for _, doc := range file.Docs {
		w.size(doc, 0)
		if w.problem != nil {
			return boundProblem(name, data, w.problem.tok, w.problem.msg)
		}
	}
	return nil
}

type treeWalk struct {
	anchors map[string]int // expanded node count of each anchored value
	aliased int            // nodes added by aliases so far
	problem *struct {
		tok *token.Token
		msg string
	}
}

// size returns the number of nodes node stands for once aliases are
// expanded, saturating past MaxAliasNodes, and records the first problem.
func (w *treeWalk) size(node ast.Node, depth int) int {
	if node == nil || w.problem != nil {
		return 0
	}
	if depth > MaxDepth {
		w.fail(node.GetToken(), fmt.Sprintf("nested more than %d levels deep", MaxDepth))
		return 0
	}
	n := 1
	switch v := node.(type) {
	case *ast.DocumentNode:
		n = w.size(v.Body, depth)
	case *ast.MappingNode:
		for _, mv := range v.Values {
			n = sat(n + w.size(mv, depth+1))
		}
	case *ast.MappingValueNode:
		n = sat(w.size(v.Key, depth) + w.size(v.Value, depth))
	case *ast.SequenceNode:
		for _, item := range v.Values {
			n = sat(n + w.size(item, depth+1))
		}
	case *ast.TagNode:
		if tag := v.Start.Value; !standardTags[tag] {
			w.fail(v.Start, fmt.Sprintf("the YAML tag %s is not supported (only the standard !!str, !!int, !!float, !!bool, !!null, !!seq and !!map)", tag))
			return 0
		}
		n = w.size(v.Value, depth)
	case *ast.AnchorNode:
		n = w.size(v.Value, depth)
		w.anchors[v.Name.String()] = n
	case *ast.AliasNode:
		n = w.anchors[v.Value.String()]
		if w.aliased = sat(w.aliased + n); w.aliased > MaxAliasNodes {
			w.fail(v.GetToken(), fmt.Sprintf("aliases expand to more than %d nodes", MaxAliasNodes))
		}
	}
	return n
}

func (w *treeWalk) fail(tok *token.Token, msg string) {
	w.problem = &struct {
		tok *token.Token
		msg string
	}{tok, msg}
}

// sat keeps counts from overflowing once they are past every limit.
func sat(n int) int { return min(n, MaxAliasNodes+1) }

func boundProblem(name string, data []byte, tk *token.Token, msg string) *FieldError {
	fe := &FieldError{File: name, Msg: msg}
	if tk != nil && tk.Position != nil {
		fe.Line, fe.Column = tk.Position.Line, tk.Position.Column
		fe.Field = pathBefore(data, fe.Line, fe.Column)
	}
	return fe
}

// sizeProblem says where in a too-large file the cap was reached; kind
// names the files the limit is for.
func sizeProblem(name string, head []byte, limit int64, kind string) FieldError {
	line, col := 1, 1
	for _, c := range head {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	fe := FieldError{File: name, Line: line, Column: col,
		Msg: fmt.Sprintf("file is larger than the %d-byte limit for %s", limit, kind)}
	fe.Field = pathBefore(head, line, col)
	return fe
}
