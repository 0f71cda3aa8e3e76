package llm

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestModelPathImportsPointOneWay: the roles (this package) may use every
// job's package; the transport knows no role, setting or provider, the
// settings no role or transport, the provider table only the request it
// adapts; nothing of the model path imports the front ends.
func TestModelPathImportsPointOneWay(t *testing.T) {
	const mod = "github.com/omnigap/omnigap/"
	forbidden := map[string][]string{
		"transport": {"engine/llm", "engine/llm/config", "engine/llm/provider"},
		"config":    {"engine/llm", "engine/llm/transport"},
		"provider":  {"engine/llm", "engine/llm/config", "engine/llm/transport", "engine/llm/openaiapi"},
		"chat":      {"engine/llm", "engine/llm/config", "engine/llm/transport", "engine/llm/provider", "engine/llm/openaiapi"},
	}
	for _, dir := range []string{".", "transport", "config", "provider", "chat", "openaiapi", "llmtest"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				local := strings.TrimPrefix(p, mod)
				if strings.HasPrefix(local, "tui") || strings.HasPrefix(local, "cmd") {
					t.Errorf("%s imports the front end %s", path, p)
				}
				for _, bad := range forbidden[dir] {
					if local == bad {
						t.Errorf("%s imports %s", path, p)
					}
				}
			}
		}
	}
}
