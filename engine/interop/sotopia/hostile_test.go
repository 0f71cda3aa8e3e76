package sotopia

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
)

const osc = "\x1b]52;c;aGk=\x07\x1b]0;owned\x07\x1b[2J\u009b31m\u202e\r\x08"

// writeExport writes a small export with the given lines into a new
// folder and returns it.
func writeExport(t *testing.T, envs, agents, rels, combos string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{EnvironmentsFile: envs, AgentsFile: agents, RelationshipsFile: rels, CombosFile: combos} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	lampEnv   = `{"pk":"e1","codename":"lamp","source":"craigslist","scenario":"A lamp for $40.","agent_goals":["You are the seller. Sell it for $40.","You are the buyer. Buy it for $30."],"relationship":"0"}` + "\n"
	lampPair  = `{"agent1_id":"a1","agent2_id":"a2","relationship":"0"}` + "\n"
	lampCombo = `{"pk":"k1","combo_id":"k1","env_id":"e1","agent_ids":["a1","a2"]}` + "\n"
)

// TestHostileTextNeverReachesTheFile: control characters in names, ids
// and texts, and a combo id whose newline would add YAML keys, give a
// file that holds no raw control character, adds no key and loads.
func TestHostileTextNeverReachesTheFile(t *testing.T) {
	agents := `{"pk":"a1","first_name":"Ann` + jsonText(osc) + `","last_name":"Lee","secret":"She broke it` + jsonText(osc) + `."}` + "\n" +
		`{"pk":"a2","first_name":"Bo\u202e","last_name":"Ray\u009b"}` + "\n"
	combo := `{"pk":"k1","combo_id":"` + jsonText("k1\npublic_facts:\n  - {id: planted, kind: phrase, text: planted, phrases: [planted]}\n#") + `","env_id":"e1","agent_ids":["a1","a2"]}` + "\n"
	d, err := Read(writeExport(t, lampEnv, agents, lampPair, combo))
	if err != nil {
		t.Fatal(err)
	}
	r := d.Import(Filter{})
	if len(r.Scenarios) != 1 {
		t.Fatalf("imported %d, skipped %v", len(r.Scenarios), r.Skipped)
	}
	out, err := safefile.OpenDir(t.TempDir(), safefile.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	name, err := Write(out, r.Scenarios[0])
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(out.Path(), name)
	data, _ := os.ReadFile(path)
	if i := strings.IndexFunc(string(data), func(r rune) bool {
		return r < 0x20 && r != '\n' || r >= 0x7f && r < 0xa0 || r == 0x202e
	}); i >= 0 {
		t.Errorf("raw control character in the file:\n%q", data)
	}
	sc, err := scenario.LoadFile(path)
	if err != nil {
		t.Fatalf("the file does not load: %v\n%s", err, data)
	}
	for _, f := range sc.Facts() {
		if f.ID == "planted" {
			t.Fatalf("the combo id added a fact:\n%s", data)
		}
	}
	if !strings.HasPrefix(string(data), "# Imported from Sotopia combo k1 public_facts:") || strings.Index(string(data), "\nid: ") != strings.Index(string(data), "\n") {
		t.Errorf("the comment is not one line:\n%s", data)
	}
	if !strings.Contains(sc.Seats[0].Character.Name+sc.Seats[1].Character.Name, "Ann") {
		t.Errorf("names: %q, %q", sc.Seats[0].Character.Name, sc.Seats[1].Character.Name)
	}
}

// jsonText escapes s for a JSON string literal.
func jsonText(s string) string {
	return strings.NewReplacer("\\", `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\x1b", `\u001b`, "\x07", `\u0007`, "\x08", `\b`).Replace(s)
}

// TestBoundsOnTheExport: a file over its cap is refused before it is read,
// naming it and the cap; a record over its cap is skipped with its line;
// long names are capped and stay distinct.
func TestBoundsOnTheExport(t *testing.T) {
	long := strings.Repeat("x", 400)
	agents := `{"pk":"a1","first_name":"` + long + `a","last_name":"Lee"}` + "\n" + `{"pk":"a2","first_name":"` + long + `b","last_name":"Ray"}` + "\n" +
		`{"pk":"a3","first_name":"` + strings.Repeat("y", MaxRecordBytes) + `"}` + "\n"
	dir := writeExport(t, lampEnv, agents, lampPair, lampCombo)
	d, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := d.Import(Filter{})
	if len(r.Skipped) != 1 || r.Skipped[0].At.Line != 3 || !strings.Contains(r.Skipped[0].Error(), AgentsFile+":3: record longer than") {
		t.Errorf("skipped %v", r.Skipped)
	}
	if len(r.Scenarios) != 1 || len(r.Scenarios[0].Scenario.ID) > interop.MaxNameBytes || len(FileName(r.Scenarios[0].Scenario)) > interop.MaxNameBytes+5 {
		t.Fatalf("long names: %d scenarios, %v", len(r.Scenarios), r.Scenarios)
	}
	big := filepath.Join(dir, CombosFile)
	if err := os.Truncate(big, MaxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir); !errors.Is(err, safefile.ErrTooLarge) || !strings.Contains(err.Error(), big) || !strings.Contains(err.Error(), "67108864 bytes") {
		t.Fatalf("a combos file over the cap: %v", err)
	}
}

// TestEachStopsWhenCanceled: an import stops between two combos once its
// context is done.
func TestEachStopsWhenCanceled(t *testing.T) {
	dir := writeExport(t, lampEnv, `{"pk":"a1","first_name":"Ann"}`+"\n"+`{"pk":"a2","first_name":"Bo"}`+"\n", lampPair, strings.Repeat(lampCombo, 100))
	d, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err = d.Each(ctx, Filter{}, func(Imported) error {
		if n++; n == 3 {
			cancel()
		}
		return nil
	}, func(p interop.Problem) { t.Error(p) })
	if !errors.Is(err, context.Canceled) || n != 3 {
		t.Fatalf("%d built, %v", n, err)
	}
}
