package layers

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

const engine = "github.com/omnigap/omnigap/engine"

// imports lists every package under engine/ (by its path under engine/,
// "" for engine itself) with the module's packages it imports (not its
// tests').
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", engine+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	got := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		from := under(fields[0])
		got[from] = []string{}
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "github.com/omnigap/omnigap/") {
				got[from] = append(got[from], imp)
			}
		}
	}
	return got
}

func under(path string) string {
	return strings.TrimPrefix(strings.TrimPrefix(path, engine), "/")
}

// Every engine package has a layer and imports its own or lower ones,
// but for the few named in Up; engine imports nothing of tui/ or cmd/.
func TestImportsPointDown(t *testing.T) {
	all := imports(t)
	var up []string
	for from, imps := range all {
		layer, ok := Of[from]
		if !ok {
			t.Errorf("engine/%s has no layer: give it one in internal/layers and docs/ARCHITECTURE.md (Layers)", from)
			continue
		}
		for _, imp := range imps {
			if strings.HasPrefix(imp, "github.com/omnigap/omnigap/tui") || strings.HasPrefix(imp, "github.com/omnigap/omnigap/cmd") {
				t.Errorf("engine/%s imports %s: engine draws nothing and runs no command", from, imp)
				continue
			}
			if !strings.HasPrefix(imp, engine) {
				continue // the module's data and internal helpers
			}
			to := under(imp)
			if l, ok := Of[to]; ok && l > layer {
				up = append(up, from+" → "+to)
			}
		}
	}
	for name := range Of {
		if _, ok := all[name]; !ok {
			t.Errorf("internal/layers names engine/%s, which is no package", name)
		}
	}
	if len(Up) > 2 {
		t.Errorf("%d imports allowed up the layers; at most 2", len(Up))
	}
	allowed := map[string]bool{}
	for _, u := range Up {
		allowed[u] = true
	}
	for _, u := range up {
		if !allowed[u] {
			layers := strings.Split(u, " → ")
			t.Errorf("%s runs up from %s to %s: move what it needs down, or name it in layers.Up with its reason in docs/ARCHITECTURE.md", u, Names[Of[layers[0]]], Names[Of[layers[1]]])
		}
		delete(allowed, u)
	}
	for u := range allowed {
		t.Errorf("layers.Up names %s, which no longer runs up: take it out (and out of docs/ARCHITECTURE.md)", u)
	}
}

// Package-level work that needs every family registered is done at first
// use, not at start: only the binary and tests import the registries.
func TestOnlyTheBinaryImportsEveryFamily(t *testing.T) {
	for from, imps := range imports(t) {
		for _, imp := range imps {
			if to := under(imp); (to == "family/all" || to == "builtin/all") && from != "family/all" && from != "builtin/all" {
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
	for _, name := range Names {
		if !strings.Contains(string(doc), "**"+name+"**") {
			t.Errorf("docs/ARCHITECTURE.md does not name the layer **%s**", name)
		}
	}
	for _, u := range Up {
		if !strings.Contains(string(doc), "`"+u+"`") {
			t.Errorf("docs/ARCHITECTURE.md does not give the reason for `%s`", u)
		}
	}
}

// The room knows no door: none of its direct imports is a transport or
// the TUI, so the SSH door and the web door are two of its players'
// ways in, and a third needs no change to it.
func TestTheRoomKnowsNoDoor(t *testing.T) {
	for _, pkg := range Doorless {
		out, err := exec.Command("go", "list", "-f", "{{range .Imports}}{{.}} {{end}}", engine+"/"+pkg).Output()
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
	out, err := exec.Command("go", "list", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}} {{end}}`, engine+"/...").Output()
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
