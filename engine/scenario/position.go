package scenario

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// positions maps a field path such as "seats[1].character.goal" to where its
// key (or sequence item) starts in the source.
type positions map[string]*token.Position

// indexPositions walks a parsed YAML document and records the position of
// every mapping key and sequence item by path.
func indexPositions(node ast.Node, path string, into positions) {
	switch n := node.(type) {
	case *ast.DocumentNode:
		indexPositions(n.Body, path, into)
	case *ast.MappingNode:
		for _, mv := range n.Values {
			indexMappingValue(mv, path, into)
		}
	case *ast.MappingValueNode:
		indexMappingValue(n, path, into)
	case *ast.SequenceNode:
		for i, v := range n.Values {
			p := fmt.Sprintf("%s[%d]", path, i)
			if tok := v.GetToken(); tok != nil {
				into[p] = tok.Position
			}
			indexPositions(v, p, into)
		}
	case *ast.TagNode:
		indexPositions(n.Value, path, into)
	case *ast.AnchorNode:
		indexPositions(n.Value, path, into)
	}
}

func indexMappingValue(mv *ast.MappingValueNode, path string, into positions) {
	key := strings.Trim(mv.Key.String(), `"'`)
	p := key
	if path != "" {
		p = path + "." + key
	}
	if tok := mv.Key.GetToken(); tok != nil {
		into[p] = tok.Position
	}
	indexPositions(mv.Value, p, into)
}

// locate returns the position recorded for path, or for its nearest
// recorded ancestor when the field itself is missing from the file.
func (ps positions) locate(path string) (*token.Position, string) {
	for p := path; p != ""; p = parentPath(p) {
		if pos, ok := ps[p]; ok {
			return pos, p
		}
	}
	return nil, ""
}

// pathOf finds the path whose key or value sits at tok's position.
func (ps positions) pathOf(tok *token.Token) string {
	if tok == nil {
		return ""
	}
	best := ""
	for p, pos := range ps {
		if pos.Line == tok.Position.Line && pos.Column <= tok.Position.Column {
			if best == "" || pos.Column > ps[best].Column {
				best = p
			}
		}
	}
	return best
}

func parentPath(p string) string {
	if i := strings.LastIndexAny(p, ".["); i >= 0 {
		return p[:i]
	}
	return ""
}

// pathBefore guesses the field path in effect just before line:col from the
// raw tokens, by indentation. It serves syntax errors, which stop the parser
// before there is a tree to index.
func pathBefore(data []byte, line, col int) string {
	type level struct {
		col int
		key string
		seq bool
		idx int
	}
	var stack []level
	pop := func() level {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return top
	}
	tokens := lexer.Tokenize(string(data))
	for i, tk := range tokens {
		p := tk.Position
		if p.Line > line || (p.Line == line && p.Column >= col) {
			break
		}
		switch {
		case tk.Type == token.SequenceEntryType:
			idx := 0
			for len(stack) > 0 && stack[len(stack)-1].col >= p.Column {
				top := stack[len(stack)-1]
				if top.col == p.Column && !top.seq {
					break // the key of a list written without indentation
				}
				pop()
				if top.col == p.Column {
					idx = top.idx + 1
					break
				}
			}
			stack = append(stack, level{col: p.Column, seq: true, idx: idx})
		case i+1 < len(tokens) && tokens[i+1].Type == token.MappingValueType && tokens[i+1].Position.Line == p.Line:
			for len(stack) > 0 && stack[len(stack)-1].col >= p.Column {
				pop()
			}
			stack = append(stack, level{col: p.Column, key: tk.Value})
		}
	}
	var b strings.Builder
	for _, l := range stack {
		switch {
		case l.seq:
			fmt.Fprintf(&b, "[%d]", l.idx)
		case b.Len() > 0:
			b.WriteString("." + l.key)
		default:
			b.WriteString(l.key)
		}
	}
	return b.String()
}
