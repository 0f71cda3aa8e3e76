package sotopia

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// FuzzImport feeds the four export files to Read and Import: whatever the
// lines hold, nothing panics, every scenario the import hands back passes
// the scenario checks and gives every mode's views, and the file written
// of it holds no raw control character and loads.
func FuzzImport(f *testing.F) {
	f.Add([]byte(`{"pk":"e1","codename":"c","source":"craigslist","scenario":"A lamp for $40.","agent_goals":["Sell it for $40.","Buy it for $30."],"relationship":0}`),
		[]byte(`{"pk":"a1","first_name":"Ann","last_name":"Lee","secret":"She broke it."}`+"\n"+`{"pk":"a2","first_name":"Bo","last_name":"Ray"}`),
		[]byte(`{"agent_1_id":"a1","agent_2_id":"a2","relationship":2}`),
		[]byte(`{"pk":"k1","env_id":"e1","agent_ids":["a1","a2"]}`))
	// The real export's first lines, when the shared test data is there;
	// they are not committed to the corpus.
	if dir, ok := shareddata.Lookup("sotopia"); ok {
		if first := firstLines(dir); first != nil {
			f.Add(first[0], first[1], first[2], first[3])
		}
	}
	f.Fuzz(func(t *testing.T, envs, agents, rels, combos []byte) {
		dir := t.TempDir()
		for name, data := range map[string][]byte{EnvironmentsFile: envs, AgentsFile: agents, RelationshipsFile: rels, CombosFile: combos} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		d, err := Read(dir)
		if err != nil {
			return
		}
		for _, im := range d.Import(Filter{}).Scenarios {
			if err := im.Scenario.Check(im.Scenario.ID); err != nil {
				t.Fatalf("imported %s does not pass the checks: %v", im.Scenario.ID, err)
			}
			for _, mode := range view.Modes {
				for _, viewer := range []int{0, 1, view.Writer} {
					view.For(im.Scenario, mode, viewer).Render()
				}
			}
			data, err := interop.Marshal(im.Scenario, "Imported from Sotopia combo "+im.Combo.ID)
			if err != nil {
				t.Fatalf("%s cannot be written: %v", im.Scenario.ID, err)
			}
			if i := strings.IndexFunc(string(data), func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7f && r < 0xa0 || r == 0x202e }); i >= 0 {
				t.Fatalf("raw control character in the file of %s:\n%q", im.Scenario.ID, data)
			}
			if _, err := scenario.Parse(im.Scenario.ID+".yaml", data); err != nil {
				t.Fatalf("the file of %s does not load: %v\n%s", im.Scenario.ID, err, data)
			}
		}
	})
}

// firstLines returns the first line of each export file in dir, or nil.
func firstLines(dir string) [][]byte {
	var out [][]byte
	for _, name := range []string{EnvironmentsFile, AgentsFile, RelationshipsFile, CombosFile} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return nil
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		sc.Scan()
		out = append(out, append([]byte(nil), sc.Bytes()...))
		f.Close()
	}
	return out
}
