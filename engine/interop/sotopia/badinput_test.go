package sotopia

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
)

// TestWrittenFilesLoadBack: what an import writes loads, through the
// ordinary file loader, to the scenario the import checked.
func TestWrittenFilesLoadBack(t *testing.T) {
	r := imported(t)
	dir, err := safefile.OpenDir(t.TempDir(), safefile.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	for _, im := range r.Scenarios {
		if _, err := Write(dir, im); err != nil {
			t.Fatal(err)
		}
	}
	for _, im := range r.Scenarios {
		back, err := scenario.LoadFile(filepath.Join(dir.Path(), FileName(im.Scenario)))
		if err != nil {
			t.Fatal(err)
		}
		back.Source = im.Scenario.Source
		if !reflect.DeepEqual(back, im.Scenario) {
			t.Fatalf("%s: the written file loads to a different scenario", im.Scenario.ID)
		}
	}
}

// TestBadRecordsAreSkippedWithReasons: a truncated line, a combo naming a
// missing character and an environment with an unknown source are each
// reported with file, line and field, and the good combo still imports.
func TestBadRecordsAreSkippedWithReasons(t *testing.T) {
	d := readExport(t)
	dir := t.TempDir()
	lines := func(name string) []string {
		data, err := os.ReadFile(filepath.Join(sotopiaDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
	write := func(name string, ls []string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(ls, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	envs := lines(EnvironmentsFile)
	var first []*Combo
	d.combos(context.Background(), func(interop.Problem) {}, func(c *Combo) error {
		if first = append(first, c); len(first) == 2 {
			return errFound
		}
		return nil
	})
	good, odd := first[0], first[1]
	// Line 2 of the environments: the second combo's environment, with a
	// source nobody knows; line 3: cut in half.
	var keep []string
	for _, l := range envs {
		if strings.Contains(l, good.EnvID) {
			keep = append([]string{l}, keep...)
		}
	}
	for _, l := range envs {
		if strings.Contains(l, odd.EnvID) && odd.EnvID != good.EnvID {
			keep = append(keep, strings.Replace(l, `"source": "`, `"source": "unheard-of-`, 1))
		}
	}
	keep = append(keep, envs[len(envs)-1][:40])
	write(EnvironmentsFile, keep)
	write(AgentsFile, lines(AgentsFile))
	write(RelationshipsFile, lines(RelationshipsFile))
	combos := lines(CombosFile)
	missing := strings.Replace(combos[0], good.Agents[1], "01NOBODY", 1)
	write(CombosFile, []string{combos[0], combos[1], missing})

	bad, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := bad.Import(Filter{})
	if len(r.Scenarios) != 1 || r.Scenarios[0].Combo.ID != good.ID {
		t.Errorf("imported %d scenarios, want the good combo alone", len(r.Scenarios))
	}
	var got []string
	for _, p := range r.Skipped {
		got = append(got, p.Error())
	}
	for _, want := range []string{
		EnvironmentsFile + ":3:",
		EnvironmentsFile + ":2: source: unknown source \"unheard-of-",
		CombosFile + ":3: agent_ids[1]: no character \"01NOBODY\"",
	} {
		found := false
		for _, g := range got {
			found = found || strings.Contains(g, want)
		}
		if !found {
			t.Errorf("no problem reported like %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
}
