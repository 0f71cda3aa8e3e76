//go:build linux || darwin

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// shardStudy is the study the shard tests split: both generators, so the
// shards hold two families, and an episode count that four shards do not
// divide evenly.
func shardStudy(episodes int, more ...string) []string {
	return append([]string{"run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*",
		"--episodes", fmt.Sprint(episodes), "--seed", "1", "--concurrency", "2"}, more...)
}

// runShards runs the 4 shards of a study as 4 processes at once, each
// with its arguments and environment, and fails on any that fails.
func runShards(t *testing.T, args func(k int) []string, env func(k int) []string) {
	t.Helper()
	var wg sync.WaitGroup
	runs := make([]appRun, 4)
	for k := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd, stdout, stderr := appCommand(t, args(k)...)
			cmd.Env = append(cmd.Env, env(k)...)
			err := cmd.Run()
			runs[k] = finished(t, cmd, err, 0, stdout, stderr)
		}()
	}
	wg.Wait()
	for k, r := range runs {
		if r.code != 0 {
			t.Fatalf("shard %d: exit %d\n%s", k+1, r.code, r.stderr)
		}
	}
}

// TestShardsReportAsOneRun: a study split in 4 shards run as 4 processes
// at once (--shard K/N, and --shard auto with a Slurm array's and a
// Kubernetes Indexed Job's variables set by hand), then `report` over the
// shard folders: the table is the one the unsharded run printed and the
// one `report` prints of its folder, digit for digit, and the JSON's
// figures are its JSON's to 1e-9.
func TestShardsReportAsOneRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 13 processes of 120 episodes in all each")
	}
	const episodes = 21
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole")
	r := runApp(t, shardStudy(episodes, "--out", whole)...)
	if r.code != 0 {
		t.Fatalf("unsharded: exit %d\n%s", r.code, r.stderr)
	}
	_, printed, _ := strings.Cut(r.stdout, "\n\n")
	wholeTable, wholeJSON := reportOf(t, filepath.Join(dir, "whole.json"), whole)
	if !strings.HasPrefix(wholeTable, printed) {
		t.Fatalf("report of the unsharded folder:\n%s\nthe run printed:\n%s", wholeTable, printed)
	}

	explicit := filepath.Join(dir, "explicit")
	runShards(t, func(k int) []string {
		return shardStudy(episodes, "--out", explicit, "--shard", fmt.Sprintf("%d/4", k+1))
	},
		func(int) []string { return nil })
	slurm := filepath.Join(dir, "slurm")
	runShards(t, func(int) []string { return shardStudy(episodes, "--out", slurm, "--shard", "auto") }, func(k int) []string {
		// An array given as --array=1-4: task IDs from 1.
		return []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", k+1), "SLURM_ARRAY_TASK_COUNT=4", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4"}
	})
	k8s := filepath.Join(dir, "k8s")
	runShards(t, func(int) []string { return shardStudy(episodes, "--out", k8s, "--shard", "auto", "--shards", "4") },
		func(k int) []string { return []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", k)} })

	for name, folders := range map[string][]string{
		"--shard K/N, the parent folder": {explicit},
		"--shard K/N, the shard folders": {filepath.Join(explicit, "shard-3-of-4"), filepath.Join(explicit, "shard-1-of-4"), filepath.Join(explicit, "shard-4-of-4"), filepath.Join(explicit, "shard-2-of-4")},
		"Slurm":                          {slurm},
		"Kubernetes":                     {k8s},
	} {
		table, figures := reportOf(t, filepath.Join(t.TempDir(), "merged.json"), folders...)
		if table != wholeTable {
			t.Errorf("%s: the table differs from the unsharded run's:\n%s\nwant:\n%s", name, table, wholeTable)
		}
		if where := sameFigures(wholeJSON, figures, ""); where != "" {
			t.Errorf("%s: JSON differs at %s", name, where)
		}
	}
	shares := 0
	for k := 1; k <= 4; k++ {
		files, _ := record.Files(filepath.Join(slurm, fmt.Sprintf("shard-%d-of-4", k)))
		if len(files)%3 != 0 || len(files) < 3*(2*episodes/4) {
			t.Errorf("Slurm shard %d holds %d recordings: not whole episodes of a fair share", k, len(files))
		}
		shares += len(files)
	}
	if shares != 2*3*episodes {
		t.Errorf("the Slurm shards hold %d recordings, want %d", shares, 2*3*episodes)
	}
}

// reportOf runs `report` over folders and returns its output and its JSON.
func reportOf(t *testing.T, jsonPath string, folders ...string) (string, any) {
	t.Helper()
	out, err := omnigap(t, append(append([]string{"report"}, folders...), "--json", jsonPath)...)
	if err != nil {
		t.Fatalf("report %v: %v", folders, err)
	}
	// The report says what it wrote, last.
	wrote := "wrote " + jsonPath + "\n"
	if !strings.HasSuffix(out, wrote) {
		t.Errorf("report %v does not say %q:\n%s", folders, wrote, out)
	}
	out = strings.TrimSuffix(out, wrote)
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return out, v
}

// sameFigures compares two JSON values, numbers to 1e-9; it returns where
// they first differ, or "".
func sameFigures(a, b any, at string) string {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		if !ok || math.Abs(x-y) > 1e-9 {
			return fmt.Sprintf("%s: %v and %v", at, a, b)
		}
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return at + ": different keys"
		}
		for k := range x {
			if where := sameFigures(x[k], y[k], at+"."+k); where != "" {
				return where
			}
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return at + ": different lengths"
		}
		for i := range x {
			if where := sameFigures(x[i], y[i], fmt.Sprintf("%s[%d]", at, i)); where != "" {
				return where
			}
		}
	default:
		if a != b {
			return fmt.Sprintf("%s: %v and %v", at, a, b)
		}
	}
	return ""
}

// `report` refuses folders of different studies that played the same
// family unless --by sets them apart, and names what differs; a shard
// given twice and shards of two splits are refused; a missing shard is
// named.
func TestReportRefusesMixedStudies(t *testing.T) {
	dir := t.TempDir()
	run := func(out string, more ...string) {
		t.Helper()
		args := append([]string{"run", "--scenario", "craigslist/gen-*", "--episodes", "4", "--out", filepath.Join(dir, out)}, more...)
		if _, err := omnigap(t, args...); err != nil {
			t.Fatal(err)
		}
	}
	run("a")
	run("b", "--seed", "9")
	run("s", "--shard", "1/2")
	run("s", "--shard", "2/2")
	run("t", "--shard", "1/3")
	if _, err := omnigap(t, "run", "--scenario", "mutualfriends/gen-*", "--episodes", "2", "--out", filepath.Join(dir, "mf")); err != nil {
		t.Fatal(err)
	}
	at := func(names ...string) []string {
		out := []string{"report"}
		for _, n := range names {
			out = append(out, filepath.Join(dir, n))
		}
		return out
	}
	_, err := omnigap(t, at("a", "b")...)
	if err == nil || !strings.Contains(err.Error(), "different studies of craigslist (they differ in seed)") ||
		!strings.Contains(err.Error(), "--by study or --by model") || strings.Contains(err.Error(), "\n") {
		t.Errorf("two studies of one family: %v", err)
	}
	out, err := omnigap(t, append(at("a", "b"), "--by", "study")...)
	if err != nil || !strings.Contains(out, filepath.Join(dir, "a")) || !strings.Contains(out, filepath.Join(dir, "b")) {
		t.Errorf("--by study: %v\n%s", err, out)
	}
	// Two families: nothing is mixed.
	if _, err := omnigap(t, at("a", "mf")...); err != nil {
		t.Errorf("studies of two families: %v", err)
	}
	for _, c := range []struct {
		folders []string
		want    string
	}{
		{[]string{"s/shard-1-of-2", "s/shard-1-of-2"}, "given twice"},
		{[]string{"a", "a"}, "given twice"},
		{[]string{"s/shard-1-of-2", "t/shard-1-of-3"}, "split the study differently"},
	} {
		if _, err := omnigap(t, at(c.folders...)...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("report %v: %v, want %q", c.folders, err, c.want)
		}
	}
	out, err = omnigap(t, at("t")...)
	if err != nil || !strings.Contains(out, "1 of 3 shards (shard 2, 3 missing)") {
		t.Errorf("a missing shard: %v\n%s", err, out)
	}
}

// TestShardsShareOneCache: the 4 shards of a study, 4 processes at once,
// share one --cache file against the loopback model server; then one
// unsharded run of the same study with that file sends no request: the
// processes lost none of the replies they kept.
func TestShardsShareOneCache(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	cache := filepath.Join(dir, "replies.db")
	study := func(more ...string) []string {
		return append(append(shardStudy(3, "--modes", "script,agents", "--judge", "--cache", cache), modelArgs(srv)...), more...)
	}
	runShards(t, func(k int) []string {
		return study("--out", filepath.Join(dir, "sharded"), "--shard", fmt.Sprintf("%d/4", k+1))
	},
		func(int) []string { return nil })
	sent := srv.Count()
	if sent == 0 {
		t.Fatal("the shards sent nothing")
	}
	out, err := omnigap(t, study("--out", filepath.Join(dir, "whole"))...)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Count() != sent {
		t.Errorf("the unsharded run sent %d requests after the shards kept %d replies", srv.Count()-sent, sent)
	}
	if !strings.Contains(out, "answered from the cache, 0 sent") {
		t.Errorf("the run's cache line:\n%.400s", out)
	}
}
