package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxCommandLines bounds the function a command's RunE calls.
const maxCommandLines = 40

// TestCommandsRunNamedFunctions: every cobra command's RunE is a named
// function, or a closure that only returns what one returns, and that
// function is at most maxCommandLines lines long, so that a command's
// constructor says what it is (its help and flags) and what it does
// reads by name. The package's source is read as Go (go/ast).
func TestCommandsRunNamedFunctions(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string][]*ast.FuncDecl{} // by name, methods too
	imported := map[string]bool{}         // the names of the packages imported
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		for _, imp := range f.Imports {
			name := strings.Trim(imp.Path.Value, `"`)
			name = name[strings.LastIndex(name, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imported[name] = true
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				funcs[fd.Name.Name] = append(funcs[fd.Name.Name], fd)
			}
		}
	}
	lines := func(n ast.Node) int { return fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1 }
	runs := 0
	reported := map[*ast.FuncDecl]bool{}
	check := func(value ast.Expr) {
		runs++
		at := fset.Position(value.Pos())
		called := value
		if lit, ok := value.(*ast.FuncLit); ok {
			called = nil
			if len(lit.Body.List) == 1 {
				if ret, ok := lit.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
					if call, ok := ret.Results[0].(*ast.CallExpr); ok {
						called = call.Fun
					}
				}
			}
		}
		name := ""
		switch f := called.(type) {
		case *ast.Ident:
			name = f.Name
		case *ast.SelectorExpr:
			name = f.Sel.Name
		}
		if len(funcs[name]) == 0 {
			t.Errorf("%s: RunE does not only call a function of this package by name", at)
			return
		}
		// That function and every function of the package it calls, on
		// and on (by name: a method of any type of that name).
		seen := map[string]bool{}
		for next := []string{name}; len(next) > 0; {
			name, next = next[0], next[1:]
			if seen[name] {
				continue
			}
			seen[name] = true
			for _, fd := range funcs[name] {
				if n := lines(fd); n > maxCommandLines && !reported[fd] {
					reported[fd] = true
					t.Errorf("%s: %s, which a command runs, is %d lines long: at most %d", fset.Position(fd.Pos()), name, n, maxCommandLines)
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						switch f := call.Fun.(type) {
						case *ast.Ident:
							next = append(next, f.Name)
						case *ast.SelectorExpr:
							if _, pkg := f.X.(*ast.Ident); !pkg || !imported[f.X.(*ast.Ident).Name] {
								next = append(next, f.Sel.Name)
							}
						}
					}
					return true
				})
			}
		}
	}
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "RunE" {
					check(n.Value)
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "RunE" && i < len(n.Rhs) {
						check(n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	if runs < 15 {
		t.Errorf("found %d RunE, fewer than the commands there are: is the package read?", runs)
	}
}
