package sotopia

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/view"
)

// FuzzImport feeds the four export files to Read and Import: whatever the
// lines hold, nothing panics, and every scenario the import hands back
// passes the scenario checks and gives every mode's views.
func FuzzImport(f *testing.F) {
	f.Add([]byte(`{"pk":"e1","codename":"c","source":"craigslist","scenario":"A lamp for $40.","agent_goals":["Sell it for $40.","Buy it for $30."],"relationship":0}`),
		[]byte(`{"pk":"a1","first_name":"Ann","last_name":"Lee","secret":"She broke it."}`+"\n"+`{"pk":"a2","first_name":"Bo","last_name":"Ray"}`),
		[]byte(`{"agent_1_id":"a1","agent_2_id":"a2","relationship":2}`),
		[]byte(`{"pk":"k1","env_id":"e1","agent_ids":["a1","a2"]}`))
	// The real export's first lines, when the shared test data is there;
	// they are not committed to the corpus.
	if first := firstLines(sotopiaDir); first != nil {
		f.Add(first[0], first[1], first[2], first[3])
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
