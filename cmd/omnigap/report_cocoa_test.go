package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// TestReportCountsTheValTranscripts: the cocoa Deal-or-No-Deal val file,
// played as HUMANS runs and measured by the project's code, gives 422
// dialogues, all agreed, 4.4 messages each (selects not counted) and 9.0
// words per message.
func TestReportCountsTheValTranscripts(t *testing.T) {
	path := shareddata.Path(t, "cocoa/dealornodeal-val.json")
	out := filepath.Join(t.TempDir(), "r.json")
	if text, err := omnigap(t, "report", path, "--json", out); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Groups []struct {
			Family, Mode string
			Episodes     int
			Stats        map[string]struct{ Mean float64 }
		}
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Groups) != 1 || r.Groups[0].Mode != "humans" || r.Groups[0].Family != "dealornodeal" {
		t.Fatalf("groups %+v, want one HUMANS dealornodeal group", r.Groups)
	}
	g := r.Groups[0]
	got := fmt.Sprintf("%d %.0f%% %.1f %.1f", g.Episodes, 100*g.Stats["agreement"].Mean, g.Stats["messages"].Mean, g.Stats["words_per_message"].Mean)
	if want := "422 100% 4.4 9.0"; got != want {
		t.Errorf("dialogues, agreement, messages, words per message: got %s, want %s", got, want)
	}
}

// TestWatchHumansBesideModes: --humans puts the people's dialogue after
// the model runs of its scenario, with their words and selections.
func TestWatchHumansBesideModes(t *testing.T) {
	path := shareddata.Path(t, "cocoa/dealornodeal-val.json")
	out, err := omnigap(t, "watch", "--humans", path+"#E_QKqgvpMitAUvhKCf", "--modes", "script,agents", "--pace", "0")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"[SCRIPT] ended", "[AGENTS] ended", "[HUMANS] Avery (negotiator): im a reader", "[HUMANS] Avery (negotiator): [select ball=1 book=2 hat=0]", "[HUMANS] ended after 9 turns (selected)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := omnigap(t, "watch", "craigslist/road-bike", "--humans", path); err == nil {
		t.Error("a scenario named beside --humans was accepted")
	}
	if _, err := omnigap(t, "watch", "--humans", path+"#nope"); err == nil || !strings.Contains(err.Error(), `no dialogue with uuid "nope"`) {
		t.Errorf("an unknown uuid gave %v", err)
	}
}

// TestReplayKeepsHumansLast: the recordings of a watch --humans play back
// (replay, demo) in the order watch showed them, the people last.
func TestReplayKeepsHumansLast(t *testing.T) {
	path := shareddata.Path(t, "cocoa/dealornodeal-val.json")
	dir := t.TempDir()
	if out, err := omnigap(t, "watch", "--humans", path+"#E_QKqgvpMitAUvhKCf", "--modes", "script,agents", "--pace", "0", "--record", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	sets, err := replay.Group(context.Background(), nil, paths)
	if err != nil || len(sets) != 1 {
		t.Fatalf("%d comparisons of %v: %v", len(sets), paths, err)
	}
	if got, want := fmt.Sprint(sets[0].Modes), fmt.Sprint([]view.Mode{view.Script, view.Agents, view.Humans}); got != want {
		t.Errorf("panes in order %s, want %s", got, want)
	}
}
