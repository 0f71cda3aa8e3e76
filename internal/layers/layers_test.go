package layers

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/omnigap/omnigap/"

// imports lists every package under root (by its path under root, "" for
// root itself) with the module's packages it imports (not its tests').
func imports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", root+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	got := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		from := under(root, fields[0])
		got[from] = []string{}
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, module) {
				got[from] = append(got[from], imp)
			}
		}
	}
	return got
}

func under(root, path string) string {
	return strings.TrimPrefix(strings.TrimPrefix(path, root), "/")
}

// violations lists what breaks set's layers in a tree's import graph
// (imports: each package under the root with the module's packages it
// imports): a package without a layer, a layer named for no package, an
// import up (or, in a strict set, across one layer) not in set.Up, an
// entry of set.Up that no longer runs up, and an engine package that
// imports tui/ or cmd/.
func violations(set Set, all map[string][]string) []string {
	var out []string
	var up []string
	for from, imps := range all {
		layer, ok := set.Of[from]
		if !ok {
			out = append(out, fmt.Sprintf("%s has no layer: give it one in internal/layers and docs/ARCHITECTURE.md (Layers)", path(set, from)))
			continue
		}
		for _, imp := range imps {
			rel := strings.TrimPrefix(imp, module)
			if set.Root == Engine.Root && (strings.HasPrefix(rel, "tui") || strings.HasPrefix(rel, "cmd")) {
				out = append(out, fmt.Sprintf("%s imports %s: engine draws nothing and runs no command", path(set, from), imp))
				continue
			}
			if !strings.HasPrefix(imp, set.Root+"/") && imp != set.Root {
				continue // a lower tree's package, the module's data and internal helpers
			}
			to := under(set.Root, imp)
			if l, ok := set.Of[to]; ok && (l > layer || set.Strict && l == layer) {
				up = append(up, from+" → "+to)
			}
		}
	}
	for name := range set.Of {
		if _, ok := all[name]; !ok {
			out = append(out, fmt.Sprintf("internal/layers names %s, which is no package", path(set, name)))
		}
	}
	if len(set.Up) > 2 {
		out = append(out, fmt.Sprintf("%d imports allowed up the layers; at most 2", len(set.Up)))
	}
	for _, u := range up {
		if !slices.Contains(set.Up, u) {
			ends := strings.Split(u, " → ")
			how := "runs up from " + set.Names[set.Of[ends[0]]] + " to " + set.Names[set.Of[ends[1]]]
			if set.Of[ends[0]] == set.Of[ends[1]] {
				how = "joins two siblings of " + set.Names[set.Of[ends[0]]] + ", which import only layers below"
			}
			out = append(out, fmt.Sprintf("%s %s: move what it needs down, or name it in layers.Up with its reason in docs/ARCHITECTURE.md", u, how))
		}
	}
	for _, u := range set.Up {
		if !slices.Contains(up, u) {
			out = append(out, fmt.Sprintf("layers.Up names %s, which no longer runs up: take it out (and out of docs/ARCHITECTURE.md)", u))
		}
	}
	slices.Sort(out)
	return out
}

func path(set Set, rel string) string {
	return strings.TrimSuffix(strings.TrimPrefix(set.Root, module)+"/"+rel, "/")
}

// Every package under engine/ and tui/ has a layer and imports only as
// its set allows; engine imports nothing of tui/ or cmd/.
func TestImportsPointDown(t *testing.T) {
	for _, set := range Sets {
		for _, v := range violations(set, imports(t, set.Root)) {
			t.Error(v)
		}
	}
}

// The check fails on an import up, on one across a strict layer, on a
// package without a layer and on engine importing the TUI: a graph with
// each of them says so.
func TestViolationsAreFound(t *testing.T) {
	set := Set{Root: module + "x", Names: []string{"low", "high"}, Strict: true, Of: map[string]int{"a": 0, "b": 0, "c": 1}}
	got := violations(set, map[string][]string{
		"a": {module + "x/c"}, // up
		"b": {module + "x/a"}, // across a strict layer
		"c": {module + "x/a", module + "x/b"},
		"d": {}, // no layer
	})
	for _, want := range []string{"x/d has no layer", "a → c runs up from low to high", "b → a joins two siblings of low"} {
		if !slices.ContainsFunc(got, func(v string) bool { return strings.Contains(v, want) }) {
			t.Errorf("violations %q: none says %q", got, want)
		}
	}
	if len(got) != 3 {
		t.Errorf("violations %q: want 3", got)
	}
	engine := violations(Set{Root: Engine.Root, Names: []string{"one"}, Of: map[string]int{"a": 0}},
		map[string][]string{"a": {module + "tui/pane"}})
	if len(engine) != 1 || !strings.Contains(engine[0], "engine draws nothing") {
		t.Errorf("engine importing the TUI: %q", engine)
	}
}

// Package-level work that needs every family registered is done at first
// use, not at start: only the binary and tests import the registries.
func TestOnlyTheBinaryImportsEveryFamily(t *testing.T) {
	for from, imps := range imports(t, Engine.Root) {
		for _, imp := range imps {
			if to := under(Engine.Root, imp); (to == "family/all" || to == "builtin/all") && from != "family/all" && from != "builtin/all" {
				t.Errorf("engine/%s imports engine/%s: register families in the binary (cmd) or a test's families_test.go", from, to)
			}
		}
	}
}

// ARCHITECTURE.md draws the layers: each by name, and each import allowed
// up with its reason.
func TestArchitectureNamesTheLayersAndTheImportsUp(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range Sets {
		for _, name := range set.Names {
			if !strings.Contains(string(doc), "**"+name+"**") {
				t.Errorf("docs/ARCHITECTURE.md does not name the layer **%s** of %s", name, strings.TrimPrefix(set.Root, module))
			}
		}
		for _, u := range set.Up {
			if !strings.Contains(string(doc), "`"+u+"`") {
				t.Errorf("docs/ARCHITECTURE.md does not give the reason for `%s`", u)
			}
		}
	}
}

// The room knows no door: none of its direct imports is a transport or
// the TUI, so the SSH door and the web door are two of its players'
// ways in, and a third needs no change to it.
func TestTheRoomKnowsNoDoor(t *testing.T) {
	for _, pkg := range Doorless {
		out, err := exec.Command("go", "list", "-f", "{{range .Imports}}{{.}} {{end}}", Engine.Root+"/"+pkg).Output()
		if err != nil {
			t.Fatalf("go list: %v", err)
		}
		for _, imp := range strings.Fields(string(out)) {
			if door := doorOf(imp); door != "" {
				t.Errorf("engine/%s imports %s, a door (%s): the doors import the room, never the other way", pkg, imp, door)
			}
		}
	}
}

// doorOf is the door an import path is, or is under, or "".
func doorOf(imp string) string {
	for _, d := range Doors {
		if imp == d || strings.HasPrefix(imp, d+"/") {
			return d
		}
	}
	return ""
}

// The check above names each door it is meant to catch.
func TestDoorsAreRecognised(t *testing.T) {
	for _, imp := range []string{"net/http", "net/http/httptest", "github.com/coder/websocket", "golang.org/x/crypto/ssh",
		"charm.land/wish/v2", "charm.land/ssh", "github.com/omnigap/omnigap/tui", "github.com/omnigap/omnigap/tui/serve"} {
		if doorOf(imp) == "" {
			t.Errorf("%s is not taken for a door", imp)
		}
	}
	for _, imp := range []string{"net", "context", "github.com/omnigap/omnigap/engine/report", "github.com/omnigap/omnigap/tuition"} {
		if d := doorOf(imp); d != "" {
			t.Errorf("%s is taken for the door %s", imp, d)
		}
	}
}

// No engine package names the command it runs in: a note an engine
// package writes is the command's to prefix ("omnigap report: "), as
// cmd/omnigap does.
func TestNoEnginePackageNamesTheCommand(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}} {{end}}`, Engine.Root+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	prefix := regexp.MustCompile(`"omnigap [a-z]+( [a-z]+)?: `)
	for _, file := range strings.Fields(string(out)) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if loc := prefix.FindIndex(src); loc != nil {
			t.Errorf("%s writes %s: let the command prefix its own name (cmd/omnigap notesOf)", file, src[loc[0]:loc[1]])
		}
	}
}
