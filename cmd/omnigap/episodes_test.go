package main

import (
	"bufio"
	"context"
	"encoding/json"
	"maps"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// TestEpisodesReportMeansFromTheFile: report over the imported sotopia-rl
// episodes prints Sotopia's seven dimensions with intervals, labelled as
// imported, whose means are those computed from the file itself; by
// model it says the models are unknown.
func TestEpisodesReportMeansFromTheFile(t *testing.T) {
	src := shareddata.Path(t, "sotopia-episodes/sotopia-rl/example_episodes.jsonl")
	out := t.TempDir()
	if text, err := omnigap(t, "episodes", "import", "sotopia", src, "--out", out); err != nil || !strings.Contains(text, "30 recordings written") {
		t.Fatalf("%v\n%s", err, text)
	}
	// The means straight from the file: every agent's reward, both seats
	// of every episode pooled as the report's per-episode mean of the two.
	want := map[string]float64{}
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	n := 0
	for sc.Scan() {
		var ep struct{ Rewards []map[string]float64 }
		if err := json.Unmarshal(sc.Bytes(), &ep); err != nil {
			t.Fatal(err)
		}
		for _, r := range ep.Rewards {
			for k, v := range r {
				want[k] += v / 2
			}
		}
		n++
	}
	jsonOut := filepath.Join(t.TempDir(), "r.json")
	text, err := omnigap(t, "report", out, "--json", jsonOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	data, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Groups []struct {
			Mode     string
			Episodes int
			Stats    map[string]struct{ Mean float64 }
		}
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	// The episodes fall into the families their text says (the
	// codenames': Craigslist, MutualFriends, free-form), every one AGENTS.
	episodes := 0
	for _, g := range r.Groups {
		if g.Mode != "agents" {
			t.Fatalf("groups %+v", r.Groups)
		}
		episodes += g.Episodes
	}
	if episodes != 30 || len(r.Groups) < 2 {
		t.Fatalf("groups %+v", r.Groups)
	}
	for _, dim := range []string{"believability", "relationship", "knowledge", "secret", "social_rules", "financial_and_material_benefits", "goal"} {
		got := 0.0
		for _, g := range r.Groups {
			got += g.Stats["imported_judge."+dim].Mean * float64(g.Episodes) / float64(episodes)
		}
		if w := want[dim] / float64(n); math.Abs(got-w) > 1e-9 {
			t.Errorf("%s: mean %v, from the file %v", dim, got, w)
		}
		label := "judge: imported, " + strings.ReplaceAll(dim, "_", " ")
		if !strings.Contains(text, label) {
			t.Errorf("the report has no row %q:\n%s", label, text)
		}
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, label) && !strings.Contains(line, "[") {
				t.Errorf("row without an interval: %q", line)
			}
		}
	}
	if by, err := omnigap(t, "report", out, "--by", "model"); err != nil || !strings.Contains(by, "unknown") {
		t.Errorf("--by model does not say the models are unknown (%v):\n%s", err, by)
	}
}

// TestEpisodesPairSideBySide: one shared episode imported as SCRIPT and
// as AGENTS (--mode) replays as one set, SCRIPT beside AGENTS; the same
// episode copied under two ids (a script tag and another) is two
// episodes of one scenario, which replay one after the other.
func TestEpisodesPairSideBySide(t *testing.T) {
	in, out := importPair(t)
	files, _ := filepath.Glob(filepath.Join(out, "*.jsonl"))
	sets, err := replay.Group(context.Background(), nil, files)
	if err != nil || len(sets) != 2 || sets[0].Scenario.ID != sets[1].Scenario.ID {
		t.Fatalf("two copies under two ids: %v, %d sets", err, len(sets))
	}
	one := t.TempDir()
	shareddata.TaggedEpisodes(t, one, "gpt-3.5_v1")
	var both []string
	for _, mode := range []string{"script", "agents"} {
		dir := t.TempDir()
		if text, err := omnigap(t, "episodes", "import", "sotopia", one, "--mode", mode, "--out", dir); err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		got, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		both = append(both, got...)
	}
	sets, err = replay.Group(context.Background(), nil, both)
	if err != nil || len(sets) != 1 || len(sets[0].Modes) != 2 || sets[0].Modes[0] != view.Script || sets[0].Modes[1] != view.Agents {
		t.Fatalf("one episode as SCRIPT and AGENTS: %v, %d sets", err, len(sets))
	}
	over := t.TempDir()
	if text, err := omnigap(t, "episodes", "import", "sotopia", in, "--mode", "mindreaders", "--out", over); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	files, _ = filepath.Glob(filepath.Join(over, "*.jsonl"))
	sets, err = replay.Group(context.Background(), nil, files)
	if err != nil || len(sets) != 2 || sets[0].Modes[0] != view.Mindreaders || sets[1].Modes[0] != view.Mindreaders {
		t.Errorf("--mode mindreaders: %v, %d sets", err, len(sets))
	}
}

// importPair imports one shared episode twice, once tagged as a script,
// and returns the folder of the two episodes and that of their
// recordings.
func importPair(t *testing.T) (string, string) {
	t.Helper()
	in := t.TempDir()
	shareddata.TaggedEpisodes(t, in, "gpt-3.5_script_v1", "gpt-3.5_agents_v1")
	out := t.TempDir()
	if text, err := omnigap(t, "episodes", "import", "sotopia", in, "--out", out); err != nil || !strings.Contains(text, "2 recordings written") {
		t.Fatalf("%v\n%s", err, text)
	}
	return in, out
}

// TestEpisodesBadInput: a bad record is skipped with its file, line and
// field and counted, the good ones are written, a link is not followed,
// an environment the profiles lack names the file that would have it,
// and a file already in --out is kept without --force.
func TestEpisodesBadInput(t *testing.T) {
	good, err := os.ReadFile(shareddata.Path(t, "sotopia-episodes/raw-episodelog/episode_example.json"))
	if err != nil {
		t.Fatal(err)
	}
	in := t.TempDir()
	lines := strings.Join([]string{string(good), `{"pk": "x", "messages": 3}`, `{"episode_id": "y", "agents_background": {"A": "a"}, "social_goals": {}, "social_interactions": ""}`}, "\n")
	bad := filepath.Join(in, "mixed.jsonl")
	if err := os.WriteFile(bad, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bad, filepath.Join(in, "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	profiles := shareddata.Path(t, "sotopia")
	out := t.TempDir()
	text, err := omnigap(t, "episodes", "import", "sotopia", in, "--profiles", profiles, "--out", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	for _, want := range []string{
		"skipped: " + filepath.Join(in, "link.jsonl") + ": is a link; links are not followed",
		"skipped: " + bad + ":2: messages: must be",
		"skipped: " + bad + ":3: agents_background: must give 2 agents' backgrounds (got 1)",
		"note: " + bad + `:1: environment "01J0GZK3FGS50EHETXVR92TG9T" is not in ` + filepath.Join(profiles, "environment_profiles.jsonl") + "; the scenario is made from the episode's own text",
		"1 recording written to " + out + ", 3 skipped",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	// Imported again, the episode is found in its recording's header
	// and kept; a file of the same name that is no recording of it is
	// kept too, unless --force.
	files, _ := filepath.Glob(filepath.Join(out, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("recordings %v", files)
	}
	again, err := omnigap(t, "episodes", "import", "sotopia", bad, "--out", out)
	if err != nil || !strings.Contains(again, "is already in the folder as "+filepath.Base(files[0])+" (imported from "+bad+"): kept (--force imports it again)") ||
		!strings.Contains(again, "0 recordings written to "+out+", 2 skipped, 1 episode found again") {
		t.Errorf("a second import without --force (%v):\n%s", err, again)
	}
	if err := os.WriteFile(files[0], []byte("not a recording\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err = omnigap(t, "episodes", "import", "sotopia", bad, "--out", out)
	if err == nil || !strings.Contains(again, "already exists (--force replaces it)") || !strings.Contains(again, "0 recordings written") {
		t.Errorf("an import over a file of its name without --force (%v):\n%s", err, again)
	}
}

// TestEpisodesOnceAndNamed: the two sotopia-rl example files, which hold
// the same 30 episodes (one with a scores field), import as 30
// recordings, with a note per episode naming both files, counted; the
// Sotopia-PI episodes report by model as one column per pairing,
// whichever seat each model sat in, none named custom_model (what their
// files call the fine-tuned and Instruct models).
func TestEpisodesOnceAndNamed(t *testing.T) {
	rl := shareddata.Path(t, "sotopia-episodes/sotopia-rl")
	out := t.TempDir()
	text, err := omnigap(t, "episodes", "import", "sotopia", rl, "--out", out)
	files, _ := filepath.Glob(filepath.Join(out, "*.jsonl"))
	if err != nil || len(files) != 30 || !strings.Contains(text, "30 recordings written to "+out+", 0 skipped, 30 episodes found again") ||
		strings.Count(text, "note: episode ") != 30 || strings.Count(text, "example_episodes_with_scores.jsonl:") != 30 {
		t.Fatalf("%v, %d recordings:\n%s", err, len(files), text)
	}
	pi := shareddata.Path(t, "sotopia-episodes/sotopia-pi-human-eval")
	out = t.TempDir()
	if text, err := omnigap(t, "episodes", "import", "sotopia", pi, "--out", out); err != nil || !strings.Contains(text, "126 recordings written") {
		t.Fatalf("%v\n%s", err, text)
	}
	jsonOut := filepath.Join(t.TempDir(), "r.json")
	if text, err := omnigap(t, "report", out, "--by", "model", "--json", jsonOut); err != nil || strings.Contains(text, "custom_model") {
		t.Fatalf("%v\n%s", err, text)
	}
	data, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Groups []struct {
			Model    string
			Episodes int
		}
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, g := range r.Groups {
		got[g.Model] += g.Episodes
	}
	want := map[string]int{"gpt-3.5-turbo": 14, "gpt-3.5-turbo vs mistral-7b-instruct": 28, "gpt-3.5-turbo vs sotopia-pi-bc": 28,
		"gpt-3.5-turbo vs sotopia-pi-bc+sr": 28, "gpt-3.5-turbo vs sotopia-pi-sr": 28}
	if !maps.Equal(got, want) {
		t.Errorf("episodes by model %v, want %v", got, want)
	}
}
