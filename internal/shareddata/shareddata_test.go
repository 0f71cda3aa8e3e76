package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/tools"
)

// recorder is a test that notes how it ended instead of ending.
type recorder struct {
	failed, skipped string
}

func (r *recorder) Helper()           {}
func (r *recorder) Fatal(args ...any) { r.failed = fmt.Sprint(args...) }
func (r *recorder) Skip(args ...any)  { r.skipped = fmt.Sprint(args...) }

// beside makes a repository in a new folder with ../shared/data beside it
// holding files (slash-separated, relative to the data folder; a name
// ending in / a folder), works in a folder of that repository and returns
// the data folder. The tests never see the real ../shared.
func beside(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	repo, data := filepath.Join(root, "omnigap"), filepath.Join(root, "shared", "data")
	for _, dir := range []string{filepath.Join(repo, "engine", "x"), data} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		path := filepath.Join(data, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(path, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(filepath.Join(repo, "engine", "x"))
	return data
}

var profiles = []string{"sotopia/environment_profiles.jsonl", "sotopia/agent_profiles.jsonl",
	"sotopia/relationship_profiles.jsonl", "sotopia/env_agent_combo_storages.jsonl"}

func TestPresentDataIsFound(t *testing.T) {
	episode := "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-GPT3.5/01AB.json"
	data := beside(t, append(profiles, "cocoa/dealornodeal-val.json", episode)...)
	t.Setenv(tools.CIVariable, "true") // so that anything missing would fail
	r := &recorder{}
	got := Paths(r, "cocoa/dealornodeal-val.json", "sotopia", "sotopia/agent_profiles.jsonl", episode)
	want := []string{filepath.Join(data, "cocoa", "dealornodeal-val.json"), filepath.Join(data, "sotopia"),
		filepath.Join(data, "sotopia", "agent_profiles.jsonl"), filepath.Join(data, filepath.FromSlash(episode))}
	if fmt.Sprint(got) != fmt.Sprint(want) || r.failed != "" || r.skipped != "" {
		t.Errorf("got %q, failed %q, skipped %q; want %q", got, r.failed, r.skipped, want)
	}
	if path, ok := Lookup("sotopia"); !ok || path != want[1] {
		t.Errorf("Lookup: %q, %v", path, ok)
	}
}

func TestMissingDataSkipsNamingItsSourceAndPlace(t *testing.T) {
	data := beside(t, profiles[0], profiles[1], profiles[3], "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-BC/")
	t.Setenv(tools.CIVariable, "")
	r := &recorder{}
	if got := Path(r, "sotopia"); got != "" {
		t.Errorf("path %q for missing data", got)
	}
	if r.failed != "" {
		t.Fatalf("failed %q", r.failed)
	}
	for _, want := range []string{
		"sotopia/relationship_profiles.jsonl",                                               // where it goes
		data + " (../shared/data beside the repository)",                                    // where that is
		"Sotopia's profiles from https://github.com/sotopia-lab/sotopia-space/tree/12c13d8", // its source
		"profiles/relationship_profiles.jsonl",                                              // its path there
		"(Apache-2.0)", "docs/TESTING.md", "under CI=true this fails",
	} {
		if !strings.Contains(r.skipped, want) {
			t.Errorf("skipped %q, without %q", r.skipped, want)
		}
	}
	if strings.Contains(r.skipped, "agent_profiles") {
		t.Errorf("skipped %q names a file that is there", r.skipped)
	}
	if _, ok := Lookup("sotopia"); ok {
		t.Error("Lookup found a set with a file missing")
	}

	// A file inside a folder of a set is asked for by its own name, and
	// is missing even when its folder is there.
	r = &recorder{}
	Path(r, "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-BC/01AB.json")
	if r.failed != "" || !strings.Contains(r.skipped, "its human_eval/otree_project/sotopia_official_study/GPT3.5-BC/01AB.json as sotopia-episodes/sotopia-pi-human-eval/GPT3.5-BC/01AB.json") {
		t.Errorf("failed %q, skipped %q", r.failed, r.skipped)
	}
}

func TestMissingDataFailsUnderCI(t *testing.T) {
	beside(t)
	for _, value := range []string{"true", "1"} {
		t.Setenv(tools.CIVariable, value)
		r := &recorder{}
		Path(r, "cocoa/dealornodeal-val.json")
		if r.skipped != "" || !strings.Contains(r.failed, "cocoa/dealornodeal-val.json") ||
			!strings.Contains(r.failed, "dealornodeal/data/val.json") || !strings.Contains(r.failed, "under CI=true the tests that need it must run") {
			t.Errorf("CI=%s: failed %q, skipped %q", value, r.failed, r.skipped)
		}
	}
}

// Paths names everything missing once, by data set in the table's order.
func TestPathsNameAllThatIsMissingOnce(t *testing.T) {
	beside(t, "sotopia-episodes/sotopia-rl/example_episodes.jsonl")
	t.Setenv(tools.CIVariable, "")
	r := &recorder{}
	Paths(r, "sotopia-episodes/sotopia-rl", "cocoa/dealornodeal-val.json", "cocoa/dealornodeal-val.json")
	if r.failed != "" || strings.Count(r.skipped, "as cocoa/dealornodeal-val.json") != 1 ||
		!strings.Contains(r.skipped, "its example_episodes_with_scores.jsonl as sotopia-episodes/sotopia-rl/example_episodes_with_scores.jsonl") ||
		strings.Contains(r.skipped, "as sotopia-episodes/sotopia-rl/example_episodes.jsonl") ||
		strings.Index(r.skipped, "Deal-or-No-Deal") > strings.Index(r.skipped, "Sotopia-RL") {
		t.Errorf("failed %q, skipped %q", r.failed, r.skipped)
	}
}

// The reserved file and a name no set lists fail even outside CI, and
// even when they are there.
func TestReservedAndUnlistedFilesAreRefused(t *testing.T) {
	beside(t, Reserved, "cocoa/other.json")
	t.Setenv(tools.CIVariable, "")
	for name, want := range map[string]string{
		"cocoa/../cocoa/dealornodeal-test.json": "reserved for acceptance checks",
		"cocoa/other.json":                      "cocoa/other.json is in no data set",
		"cocoa":                                 "", // a folder of several sets is fine
	} {
		r := &recorder{}
		Path(r, name)
		if want == "" {
			if r.failed != "" {
				t.Errorf("%s: failed %q", name, r.failed)
			}
			continue
		}
		if r.skipped != "" || !strings.Contains(r.failed, want) {
			t.Errorf("%s: failed %q, skipped %q", name, r.failed, r.skipped)
		}
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup found %s", name)
		}
	}
}
