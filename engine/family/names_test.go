package family_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
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

// No code switches on a family name, or compares one, except a family's
// own packages (the ones that register it: engine/family/<f> and its
// built-in players, engine/builtin/<f>) and the importers and generators
// that make its data. Everything else reaches a family through the
// registries, so adding a family touches no switch.
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
	for _, f := range files {
		dir := filepath.ToSlash(filepath.Dir(f.path))
		if owners[dir] || under(dir, makers) {
			continue
		}
		for _, at := range nameComparisons(f, consts, names) {
			t.Errorf("%s tells families apart by name: a family's own code belongs in its packages (engine/family/<f>, engine/builtin/<f>), reached through the registry", at)
		}
	}
}

// core are the folders whose code knows no family: the data model, the
// views, the run and its recording, the measures and reports, the model
// backends, the front end, the card and the exports.
var core = []string{"engine/scenario", "engine/event", "engine/view", "engine/record", "engine/run", "engine/metrics",
	"engine/report", "engine/llm", "tui", "engine/card", "engine/export", "engine/leak", "engine/human", "engine/episode", "engine/replay"}

// The core names no family's data: it imports no family's package (the
// registry, engine/family, and engine/family/all for the registrations
// are fine), none of its structs has a field written under a key a
// family registered (a section of a scenario file, a move's argument, a
// member of what the rules settle), and it does not name a family at all
// (package scenario's Family constants are the built-in families' names
// to register under, for their own packages and their makers). A
// family's data, moves and terms are its own types, held as opaque values
// (scenario.Data, event.Arg, event.Terms), so adding a family with data
// touches no core file.
func TestTheCoreHoldsNoFamilysData(t *testing.T) {
	files := goFiles(t)
	consts := familyConstants(t, files)
	keys := familyKeys()
	if !keys["craigslist"] || !keys["price"] || !keys["friend"] || !keys["splits"] || !keys["deal"] {
		t.Fatalf("found the families' keys %v: too few to check anything", keys)
	}
	checked := 0
	for _, f := range files {
		dir := filepath.ToSlash(filepath.Dir(f.path))
		// A test-support package (tuitest, recordtest) is fixtures, not
		// the program: a fixture scenario names its family like a file.
		if !under(dir, core) || strings.HasSuffix(path.Base(dir), "test") {
			continue
		}
		checked++
		for _, imp := range f.file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			rest, ok := strings.CutPrefix(p, "github.com/omnigap/omnigap/engine/family/")
			if ok && rest != "all" {
				t.Errorf("%s imports %s: the core reaches families through engine/family's registry", f.path, p)
			}
		}
		ast.Inspect(f.file, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "scenario" && consts[sel.Sel.Name] {
					t.Errorf("%s:%d names the family %s", f.path, f.fset.Position(sel.Pos()).Line, sel.Sel.Name)
				}
			}
			field, ok := n.(*ast.Field)
			if !ok || field.Tag == nil {
				return true
			}
			tag, _ := strconv.Unquote(field.Tag.Value)
			for _, k := range []string{"json", "yaml"} {
				name, _, _ := strings.Cut(reflect.StructTag(tag).Get(k), ",")
				if keys[name] {
					t.Errorf("%s:%d: a field written as %q, a key a family registered: the family's own type holds it", f.path, f.fset.Position(field.Pos()).Line, name)
				}
			}
			return true
		})
	}
	if checked < 100 {
		t.Fatalf("checked %d files of the core: the folders moved?", checked)
	}
}

// familyKeys are the keys the registered families write their own things
// under: their sections' keys, their moves' arguments' keys, and the
// members their terms are recorded as.
func familyKeys() map[string]bool {
	out := map[string]bool{}
	for _, f := range family.All() {
		if k := f.Section().Key; k != "" {
			out[k] = true
		}
		for _, m := range f.Moves() {
			if m.Arg != nil {
				out[m.Arg.Kind.Key()] = true
			}
		}
		if terms := f.Terms(); terms != nil {
			tt := reflect.TypeOf(terms)
			for i := range tt.NumField() {
				if name, _, _ := strings.Cut(tt.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
					out[name] = true
				}
			}
		}
	}
	return out
}

// under reports whether dir is one of folders or inside one.
func under(dir string, folders []string) bool {
	return slices.ContainsFunc(folders, func(m string) bool { return dir == m || strings.HasPrefix(dir, m+"/") })
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
