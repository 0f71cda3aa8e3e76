package study

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// A folder with files is refused unless allowed; a missing one is fine.
func TestCheckOutDirRefusesAFolderInUse(t *testing.T) {
	dir := t.TempDir()
	if err := CheckOutDir(filepath.Join(dir, "new"), false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x.jsonl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckOutDir(dir, false); err == nil || !strings.Contains(err.Error(), "already holds 1 files; use --resume") {
		t.Fatalf("folder in use: %v", err)
	}
	if err := CheckOutDir(dir, true); err != nil {
		t.Fatal(err)
	}
}

// A shard's output goes to its own folder; --shards alone, and a --out
// that holds a whole study, are refused.
func TestPlaceShardMovesTheOutputIntoTheShardsFolder(t *testing.T) {
	dir := t.TempDir()
	opts := batch.Options{OutDir: dir}
	if err := PlaceShard(&opts, "2/3", 0, false, os.Getenv); err != nil || opts.OutDir != filepath.Join(dir, "shard-2-of-3") || opts.Shard != (batch.Shard{Index: 1, Count: 3}) {
		t.Fatalf("%+v, %v", opts, err)
	}
	if err := PlaceShard(&batch.Options{OutDir: dir}, "", 3, true, os.Getenv); err == nil || err.Error() != "--shards goes with --shard auto" {
		t.Fatalf("--shards alone: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, File), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := PlaceShard(&batch.Options{OutDir: dir}, "1/2", 0, false, os.Getenv); err == nil || !strings.Contains(err.Error(), "holds a study of its own") {
		t.Fatalf("study folder: %v", err)
	}
}

// Claim writes the plan; --resume takes the same plan and refuses another.
func TestClaimResumesOnlyTheSameStudy(t *testing.T) {
	opts := batch.Options{OutDir: t.TempDir(), Refs: []string{"craigslist/bike"}, Seed: 7, Modes: []view.Mode{view.Script}}
	if err := Claim(opts, nil); err != nil {
		t.Fatal(err)
	}
	opts.Resume = true
	if err := Claim(opts, nil); err != nil {
		t.Fatalf("same plan: %v", err)
	}
	opts.Seed = 8
	if err := Claim(opts, nil); err == nil || !strings.Contains(err.Error(), "holds a study of --scenario [craigslist/bike] --modes script --seed 7") {
		t.Fatalf("other plan: %v", err)
	}
}

// Prepare places the shard and refuses a reference that resolves to no
// scenario, naming it.
func TestPrepareChecksEveryReference(t *testing.T) {
	opts := batch.Options{OutDir: "out"}
	if err := Prepare(&opts, []string{"craigslist/road-bike"}, "1/2", 0, false, os.Getenv); err != nil || opts.OutDir != filepath.Join("out", "shard-1-of-2") || len(opts.Refs) != 1 {
		t.Fatalf("%+v, %v", opts, err)
	}
	err := Prepare(&batch.Options{}, []string{"craigslist/road-bike", "craigslist/no-such"}, "", 0, false, os.Getenv)
	if err == nil || !strings.Contains(err.Error(), "no-such") {
		t.Fatalf("unknown reference: %v", err)
	}
}

// reporter is a factory that reports its settings, as the model path's.
type reporter struct{ builtin.Factory }

func (reporter) Settings(*scenario.Scenario, view.Mode) map[string]string {
	return map[string]string{"model": "m", "endpoint": "http://127.0.0.1:1/v1", "rpm": "60", "temperature": "0.7"}
}

// A study's plan says what plays its seats, less how calls are sent.
func TestPlaysLeavesOutHowCallsAreSent(t *testing.T) {
	if got := Plays(builtin.Factory{}, false, false); !reflect.DeepEqual(got, map[string]string{"backend": "builtin"}) {
		t.Fatalf("built-in: %v", got)
	}
	want := map[string]string{"model": "m", "temperature": "0.7", "judge": "on", "leak_check": "on"}
	if got := Plays(reporter{}, true, true); !reflect.DeepEqual(got, want) {
		t.Fatalf("model: %v, want %v", got, want)
	}
}
