package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Off a terminal, browse prints the list as tab-separated lines sorted by
// the gap: one line per episode of built-in twins, the people's dialogue
// of a cocoa transcript file, and the unreadable recording, which says
// why in its scenario's place.
func TestBrowsePrintsTheListSortedByTheGap(t *testing.T) {
	dir := t.TempDir()
	if out, err := omnigap(t, "run", "--scenario", "craigslist/gen-*", "--episodes", "5", "--out", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	broken := filepath.Join(dir, "broken.jsonl")
	os.WriteFile(broken, []byte("{not json\n"), 0o644)
	out, err := omnigap(t, "browse", dir, "../../engine/interop/cocoa/testdata/two-in-a-row.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	if len(lines) != 1+5+1+1 || head[0] != "gap" || head[1] != "scenario" || head[3] != "id" || !strings.Contains(lines[0], "\tagents.goal\t") || !strings.Contains(lines[0], "\thumans.ending\t") {
		t.Fatalf("%d lines, heading %q:\n%s", len(lines), head, out)
	}
	last := 1e9
	for i, line := range lines[1:] {
		cells := strings.Split(line, "\t")
		if len(cells) != len(head) {
			t.Errorf("line %d has %d cells, the heading %d: %q", i+1, len(cells), len(head), line)
		}
		if i < 5 {
			gap, err := strconv.ParseFloat(cells[0], 64)
			if err != nil || gap > last || !strings.HasPrefix(cells[3], "craigslist_gen-") {
				t.Errorf("line %d: gap %q after %v, id %q", i+1, cells[0], last, cells[3])
			}
			last = gap
			continue
		}
		if cells[0] != "" {
			t.Errorf("line %d has a gap without SCRIPT and AGENTS: %q", i+1, line)
		}
	}
	if !strings.Contains(out, "\tunreadable: "+broken+":1: not a JSON header") || !strings.Contains(out, "\tC_twice\t") {
		t.Errorf("no unreadable line or no people's dialogue:\n%s", out)
	}
}

// replay takes a folder as report does and plays its episodes one after
// the other, each the SCRIPT and AGENTS runs of one seed; --episode plays
// one of them, named by its id or the start of a run id, and a start that
// names both is refused, naming them.
func TestReplayOfAFolderAndOfOneEpisode(t *testing.T) {
	dir := t.TempDir()
	if out, err := omnigap(t, "run", "--scenario", "craigslist/road-bike", "--modes", "script,agents", "--episodes", "2", "--out", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := omnigap(t, "replay", "--pace", "0", dir)
	if err != nil || strings.Count(out, "[SCRIPT] ended after") != 2 || strings.Count(out, "[AGENTS] ended after") != 2 {
		t.Fatalf("replay of the folder: %v\n%s", err, out)
	}
	one, err := omnigap(t, "replay", "--pace", "0", dir, "--episode", "craigslist_road-bike-agents-s2")
	if err != nil || strings.Count(one, "[SCRIPT] ended after") != 1 || strings.Count(one, "[AGENTS] ended after") != 1 {
		t.Fatalf("--episode: %v\n%s", err, one)
	}
	if !strings.Contains(out, strings.TrimSpace(one)) {
		t.Errorf("the episode alone plays otherwise than in the folder:\n%s", one)
	}
	for args, want := range map[string]string{
		"--episode craigslist_road-bike-s": "--episode craigslist_road-bike-s names 2 episodes: craigslist_road-bike-s1, craigslist_road-bike-s2",
		"--episode nothing":                "--episode nothing: no episode of that id among 2",
		"--turn 3":                         "--turn N goes with --episode ID",
	} {
		if _, err := omnigap(t, append([]string{"replay", dir}, strings.Fields(args)...)...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("replay %s: %v, want %q", args, err, want)
		}
	}
}
