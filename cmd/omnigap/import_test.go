package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/shareddata"
)

// sotopiaData is the user's copy of a Sotopia export the tests read, in
// the shared test data beside the repository (../shared/data/README.md).
func sotopiaData(t *testing.T) string {
	t.Helper()
	return shareddata.Path(t, "sotopia")
}

func TestImportSotopiaWritesOneFilePerCombo(t *testing.T) {
	sotopiaExport := sotopiaData(t)
	dir := t.TempDir()
	out, err := omnigap(t, "scenarios", "import", "sotopia", sotopiaExport, "--out", dir, "--env", "craigslist_bargains_00008")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "craigslist-bargains-00008--*.yaml"))
	if !strings.Contains(out, "5 scenario files written to "+dir+", 0 skipped") || len(files) != 5 {
		t.Fatalf("want 5 files reported and written, got %d:\n%s", len(files), out)
	}
	shown, err := omnigap(t, "scenarios", "show", files[0])
	if err != nil || !strings.Contains(shown, "seller-target") || !strings.Contains(shown, "buyer-target") {
		t.Errorf("a written file does not show both targets (%v):\n%s", err, shown)
	}
	// The import ends by naming a command that works on what it wrote.
	_, next, ok := strings.Cut(out, "watch one: omnigap ")
	if !ok {
		t.Fatalf("the import does not say what to do next:\n%s", out)
	}
	if shown, err := omnigap(t, strings.Fields(next)...); err != nil || !strings.Contains(shown, "[AGENTS]") {
		t.Errorf("the suggested command fails (%v):\n%.500s", err, shown)
	}
}

// TestRunTakesASotopiaReference: run plays a combo straight from the
// export, without files.
func TestRunTakesASotopiaReference(t *testing.T) {
	sotopiaExport := sotopiaData(t)
	out, err := omnigap(t, "run", "--scenario", "sotopia:"+sotopiaExport+"#mutual_friend_00009", "--episodes", "2", "--modes", "script,agents", "--out", t.TempDir())
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "4 episodes recorded") || !strings.Contains(out, "mutualfriends: episodes SCRIPT 2, AGENTS 2") {
		t.Errorf("the imported MutualFriends scenario did not run:\n%s", out)
	}
	if _, err := omnigap(t, "run", "--scenario", "sotopia:"+sotopiaExport+"#9999", "--episodes", "1", "--out", t.TempDir()); err == nil || !strings.Contains(err.Error(), "450 combos") {
		t.Errorf("an out-of-range combo number gave %v", err)
	}
}

func TestImportCocoaCraigslist(t *testing.T) {
	path := shareddata.Path(t, "cocoa/craigslist-sample-scenarios.json")
	dir := t.TempDir()
	out, err := omnigap(t, "scenarios", "import", "cocoa", path, "--out", dir)
	files, _ := filepath.Glob(filepath.Join(dir, "craigslist-cocoa-*.yaml"))
	if err != nil || !strings.Contains(out, "20 scenario files written to "+dir+", 0 skipped") || len(files) != 20 {
		t.Fatalf("%v, %d files:\n%s", err, len(files), out)
	}
	if out, err := omnigap(t, "run", "--scenario", files[0], "--episodes", "1", "--out", t.TempDir()); err != nil {
		t.Errorf("an imported target-only scenario does not run: %v\n%s", err, out)
	}
}

// A folder without the export's files is named as not an export, with the
// files it needs.
func TestImportSotopiaFromTheWrongFolder(t *testing.T) {
	dir := t.TempDir()
	_, err := omnigap(t, "scenarios", "import", "sotopia", dir, "--out", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), dir+" is not a Sotopia export") || !strings.Contains(err.Error(), "env_agent_combo_storages.jsonl") {
		t.Errorf("importing an empty folder: %v", err)
	}
}

// The scenarios of a cocoa transcript file are imported alone, and the
// import names the command that records the dialogues themselves, which
// works as said; that command refuses a file of cocoa scenarios, naming
// the one that imports it.
func TestImportCocoaDialoguesScenariosThenEpisodes(t *testing.T) {
	path := "../../engine/interop/cocoa/testdata/two-in-a-row.json"
	dir := t.TempDir()
	filesIn := func(_, ext string) int { m, _ := filepath.Glob(filepath.Join(dir, "*"+ext)); return len(m) }
	out, err := omnigap(t, "scenarios", "import", "cocoa", path, "--out", dir)
	if err != nil || filesIn(dir, ".yaml") != 1 || filesIn(dir, ".jsonl") != 0 {
		t.Fatalf("%v, %d scenario files and %d recordings:\n%s", err, filesIn(dir, ".yaml"), filesIn(dir, ".jsonl"), out)
	}
	_, next, ok := strings.Cut(out, "the dialogues themselves, as HUMANS recordings: omnigap ")
	if !ok {
		t.Fatalf("the import does not name the command for the recordings:\n%s", out)
	}
	if again, err := omnigap(t, strings.Fields(next)...); err != nil || filesIn(dir, ".jsonl") != 1 ||
		!strings.Contains(again, "1 recording written to "+dir+", 0 skipped") || !strings.Contains(again, "replay one: omnigap replay ") {
		t.Fatalf("%s: %v, %d recordings:\n%s", next, err, filesIn(dir, ".jsonl"), again)
	}
	bargains := filepath.Join(t.TempDir(), "scenarios.json")
	if err := os.WriteFile(bargains, []byte(`[{"uuid":"c1","kbs":[{"personal":{"Role":"seller","Target":100},"item":{"Title":"Bike","Price":120}},{"personal":{"Role":"buyer","Target":70},"item":{"Title":"Bike","Price":120}}]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := omnigap(t, "episodes", "import", "cocoa", bargains, "--out", t.TempDir()); err == nil ||
		!strings.Contains(err.Error(), "not a cocoa transcript file") || !strings.Contains(err.Error(), "omnigap scenarios import cocoa "+bargains) {
		t.Errorf("a file of scenarios given to episodes import cocoa: %v", err)
	}
}
