package study

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	_ "github.com/omnigap/omnigap/engine/builtin/all"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// Built-in runs of both generated families: the report read back from the
// recordings matches the run's summary, SCRIPT leaks more than AGENTS,
// MINDREADERS mind-reads where AGENTS does not, and a corrupt recording is
// named with its line and left out.
func TestReportOfBuiltinRuns(t *testing.T) {
	dir := t.TempDir()
	opts := batch.Options{
		Refs: []string{"craigslist/gen-*", "mutualfriends/gen-*"}, Modes: view.Modes, Episodes: 40, Seed: 1,
		Concurrency: 2, OutDir: dir, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate,
	}
	out, err := batch.Study(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	summary := out.Summary
	var stderr bytes.Buffer
	var eps []report.Episode
	_, _, err = ReadEpisodes(context.Background(), []string{dir}, &stderr, func(ep report.Episode) { eps = append(eps, ep) })
	if err != nil {
		t.Fatal(err)
	}
	if stderr.Len() != 0 {
		t.Fatalf("stderr: %s", stderr.String())
	}
	for _, ms := range summary.Modes {
		var mine []report.Episode
		for _, ep := range eps {
			if ep.Mode == ms.Mode {
				mine = append(mine, ep)
			}
		}
		g := report.Summarize(mine)
		for key, want := range ms.Stats {
			// Sums run in another order (file names against run order).
			if got := g.Stats[key]; got.N != want.N || !near(got.Mean, want.Mean) || !near(got.Lo, want.Lo) || !near(got.Hi, want.Hi) {
				t.Errorf("%s %s: report %+v, summary %+v", ms.Mode, key, got, want)
			}
		}
	}
	r := report.Aggregate(eps)
	for _, fam := range []string{"craigslist", "mutualfriends"} {
		stat := func(mode view.Mode, key string) float64 {
			for _, g := range r.Groups {
				if string(g.Family) == fam && g.Mode == mode {
					return g.Stats[key].Mean
				}
			}
			t.Fatalf("no group %s %s", fam, mode)
			return 0
		}
		if s, a := stat(view.Script, metrics.Leaks), stat(view.Agents, metrics.Leaks); s <= a {
			t.Errorf("%s: SCRIPT leaks %.2f per episode, AGENTS %.2f; want more in SCRIPT", fam, s, a)
		}
		if m, a := stat(view.Mindreaders, metrics.MindReads), stat(view.Agents, metrics.MindReads); m == 0 || a != 0 {
			t.Errorf("%s: mind-reads MINDREADERS %.2f, AGENTS %.2f; want some and none", fam, m, a)
		}
	}

	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	broken := files[3]
	data, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = "{not json\n"
	if err := os.WriteFile(broken, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	eps = nil
	_, _, err = ReadEpisodes(context.Background(), []string{dir}, &stderr, func(ep report.Episode) { eps = append(eps, ep) })
	if err != nil {
		t.Fatal(err)
	}
	if len(eps) != len(files)-1 {
		t.Errorf("read %d episodes, want %d", len(eps), len(files)-1)
	}
	if want := broken + ":3:"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q does not name %s", stderr.String(), want)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }

// A cocoa transcript file among the sources counts as episodes: each of
// its dialogues played as a HUMANS run, named by its file and uuid.
func TestATranscriptFileCountsAsEpisodes(t *testing.T) {
	var eps []report.Episode
	var stderr bytes.Buffer
	n, paths, err := ReadEpisodes(context.Background(), []string{"../interop/cocoa/testdata/two-in-a-row.json"}, &stderr, func(ep report.Episode) { eps = append(eps, ep) })
	if err != nil || n != 1 || len(paths) != 1 || stderr.Len() != 0 {
		t.Fatalf("%d episodes of %v, %v; stderr %q", n, paths, err, stderr.String())
	}
	if eps[0].Mode != view.Humans || eps[0].Source != "../interop/cocoa/testdata/two-in-a-row.json#C_twice" {
		t.Fatalf("episode %s of %s", eps[0].Mode, eps[0].Source)
	}
}
