//go:build linux || darwin

package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// hostileJSON is model text, as escaped in a JSON reply, that tries to set
// the clipboard and the title, clear the screen, turn text around, and
// carries a NUL and a lone surrogate.
const hostileJSON = `\u001b]52;c;aGFja2Vk\u0007 \u001b]0;owned\u0007\u001b[2J \u202egnp.exe\u202c nul\u0000 \ud800 \u009b31m \u001b]8;;http://x\u0007link\u001b]8;;\u0007`

// hostileServer is the loopback model server answering like a model whose
// every reply is hostile text: agents' JSON actions, the writer's script
// lines and the judge's reasoning. One agent turn is a 1 MB line.
func hostileServer(t *testing.T) *llmtest.Server {
	t.Helper()
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	srv.ChunkRunes = 4096
	srv.Respond = func(r *llmtest.Request) string {
		reply := llmtest.Default(r)
		switch {
		case strings.HasPrefix(reply, `{"action"`):
			if strings.Contains(r.Last(), "turn 3 ") {
				return `{"action": "speak", "text": "` + strings.Repeat("long ", 200_000) + hostileJSON + `"}`
			}
			return strings.Replace(reply, ` here. `, ` here. `+hostileJSON+` `, 1)
		case strings.HasPrefix(reply, `{"seat0"`):
			return strings.ReplaceAll(reply, "Judged from the transcript.", hostileJSON)
		}
		raw := "\x1b]52;c;aGFja2Vk\x07 \x1b[2J \u202eevil\xff\x00"
		return strings.ReplaceAll(reply, ": ", ": "+raw+" ")
	}
	return srv
}

// TestHostileModelOutput: model output full of escape sequences, bidi
// overrides, NULs, invalid UTF-8 and a 1 MB turn goes through watch's
// plain output, run, report with its exports and replay: nothing raw
// reaches the output, nothing crashes, recordings read back and the
// exports stay valid.
func TestHostileModelOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the app against a model server")
	}
	srv := hostileServer(t)
	dir := t.TempDir()
	recs, out := filepath.Join(dir, "watched"), filepath.Join(dir, "run")
	exports := map[string]string{"json": filepath.Join(dir, "r.json"), "csv": filepath.Join(dir, "r.csv"), "svg": filepath.Join(dir, "r.svg")}
	steps := [][]string{
		append([]string{"watch", "--modes", "script,agents,mindreaders", "--record", recs}, modelArgs(srv)...),
		append([]string{"run", "--scenario", "mutualfriends/gen-2", "--episodes", "2", "--judge", "--leak-check", "--out", out}, modelArgs(srv)...),
		{"report", out, recs, "--json", exports["json"], "--csv", exports["csv"], "--svg", exports["svg"]},
	}
	for _, args := range steps {
		r := runApp(t, args...)
		t.Logf("%s: %v, %d MB", args[0], r.wall, r.maxRSS>>20)
		checkNoEscape(t, args[0], r)
		if r.code != 0 {
			t.Fatalf("%v: exit %d\n%.2000s", args, r.code, r.stderr)
		}
	}
	files, _ := record.Files(recs)
	more, _ := record.Files(out)
	if len(files) != 3 || len(more) != 6 {
		t.Fatalf("recordings: %v %v", files, more)
	}
	for _, f := range append(files, more...) {
		rec, err := record.Read(f)
		if err != nil || rec.Footer == nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	r := runApp(t, append([]string{"replay", "--pace", "0"}, files...)...)
	checkNoEscape(t, "replay", r)
	if r.code != 0 || !strings.Contains(r.stdout, "gnp.exe") {
		t.Fatalf("replay: exit %d, the cleaned text is missing\n%.1000s", r.code, r.stderr)
	}
	data, _ := os.ReadFile(exports["json"])
	if !json.Valid(data) {
		t.Errorf("report JSON is not valid")
	}
	f, _ := os.Open(exports["csv"])
	defer f.Close()
	if rows, err := csv.NewReader(f).ReadAll(); err != nil || len(rows) < 2 {
		t.Errorf("report CSV: %d rows, %v", len(rows), err)
	}
	if svg, _ := os.ReadFile(exports["svg"]); !strings.Contains(string(svg), "<svg") {
		t.Errorf("report SVG missing")
	}
}
