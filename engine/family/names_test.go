package family_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/family"
)

// moduleRoot is the project's root, from this package.
const moduleRoot = "../.."

// makers are the folders whose code makes a family's data from elsewhere
// (the importers) or from a seed (the generators): telling families apart
// by name is their job.
var makers = []string{"engine/interop", "engine/generate"}

// nameSwitches are the files outside a family's own packages that still
// tell families apart by name, each with why. Each must still do so, so
// the list cannot go stale. None is left: the report keeps the judge's
// goal completion apart from the rule's for every family.
var nameSwitches = map[string]string{}

// No code switches on a family name, or compares one, except a family's
// own packages (the ones that register it: engine/family/<f> and its
// built-in players, engine/builtin/<f>), the importers and generators that
// make its data, and the files of nameSwitches. Everything else reaches a
// family through the registries, so adding a family touches no switch.
func TestOnlyAFamilysOwnCodeTellsFamiliesApartByName(t *testing.T) {
	files := goFiles(t)
	consts := familyConstants(t, files)
	names := map[string]bool{}
	for _, f := range family.All() {
		names[string(f.Name())] = true
	}
	if len(consts) < 4 || len(names) < 4 {
		t.Fatalf("found the family constants %v and the registered names %v: too few to check anything", consts, names)
	}
	owners := registeringFolders(files)
	if !owners["engine/family/craigslist"] {
		t.Fatalf("engine/family/craigslist does not register its family: the test cannot tell a family's own packages (it found %v)", owners)
	}
	found := map[string]bool{}
	for _, f := range files {
		dir := filepath.ToSlash(filepath.Dir(f.path))
		if owners[dir] || slices.ContainsFunc(makers, func(m string) bool { return dir == m || strings.HasPrefix(dir, m+"/") }) {
			continue
		}
		for _, at := range nameComparisons(f, consts, names) {
			if _, ok := nameSwitches[f.path]; ok {
				found[f.path] = true
				continue
			}
			t.Errorf("%s tells families apart by name: a family's own code belongs in its packages (engine/family/<f>, engine/builtin/<f>), reached through the registry", at)
		}
	}
	for path, why := range nameSwitches {
		if !found[path] {
			t.Errorf("%s no longer tells families apart by name (%s): take it off nameSwitches", path, why)
		}
	}
}

type goFile struct {
	path string // from the module root, with slashes
	fset *token.FileSet
	file *ast.File
}

// goFiles parses every non-test Go file of the module.
func goFiles(t *testing.T) []goFile {
	t.Helper()
	var out []goFile
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != moduleRoot || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(moduleRoot, p)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		out = append(out, goFile{path: filepath.ToSlash(rel), fset: fset, file: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// familyConstants are the names of package scenario's constants of type
// Family.
func familyConstants(t *testing.T, files []goFile) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, f := range files {
		if filepath.Dir(f.path) != "engine/scenario" {
			continue
		}
		for _, d := range f.file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				v := s.(*ast.ValueSpec)
				if id, ok := v.Type.(*ast.Ident); ok && id.Name == "Family" {
					for _, n := range v.Names {
						out[n.Name] = true
					}
				}
			}
		}
	}
	return out
}

// registeringFolders are the folders with a file that registers a family
// or its players (family.Register, builtin.Register).
func registeringFolders(files []goFile) map[string]bool {
	out := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f.file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Register" {
					if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "family" || pkg.Name == "builtin") {
						out[filepath.ToSlash(filepath.Dir(f.path))] = true
					}
				}
			}
			return true
		})
	}
	return out
}

// nameComparisons are the places in f that compare something with a
// family's name, or list one as a case of a switch: a Family constant of
// package scenario, or a registered name written as a string where the
// other side is about a family.
func nameComparisons(f goFile, consts, names map[string]bool) []string {
	isName := func(e ast.Expr, aboutFamily bool) bool {
		switch e := e.(type) {
		case *ast.SelectorExpr:
			pkg, ok := e.X.(*ast.Ident)
			return ok && pkg.Name == "scenario" && consts[e.Sel.Name]
		case *ast.Ident:
			return f.file.Name.Name == "scenario" && consts[e.Name]
		case *ast.BasicLit:
			s, err := strconv.Unquote(e.Value)
			return aboutFamily && e.Kind == token.STRING && err == nil && names[s]
		}
		return false
	}
	var at []string
	report := func(n ast.Node) { at = append(at, f.path+":"+strconv.Itoa(f.fset.Position(n.Pos()).Line)) }
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SwitchStmt:
			about := n.Tag != nil && aboutFamily(n.Tag)
			for _, c := range n.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if isName(e, about) {
						report(e)
					}
				}
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isName(n.X, aboutFamily(n.Y)) || isName(n.Y, aboutFamily(n.X))) {
				report(n)
			}
		}
		return true
	})
	return at
}

// aboutFamily reports whether an expression names a family by its words:
// an identifier such as sc.Family or family.
func aboutFamily(e ast.Expr) bool {
	about := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.Contains(strings.ToLower(id.Name), "famil") {
			about = true
		}
		return !about
	})
	return about
}
