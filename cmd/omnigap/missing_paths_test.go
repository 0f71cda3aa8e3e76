//go:build linux || darwin

package main

import (
	"strings"
	"testing"
)

// TestMissingPathsAreNamedAsGiven: a file or folder that is not there is
// named by the app, as a process, the way the user gave it, after what
// is wrong, and never with the system call that found it missing.
func TestMissingPathsAreNamedAsGiven(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	for _, c := range []struct {
		args    []string
		missing string
	}{
		{[]string{"scenarios", "import", "cocoa", "no-such/dialogues.json", "--out", out}, "no-such/dialogues.json"},
		{[]string{"scenarios", "import", "sotopia", "no-such", "--out", out}, "no-such/environment_profiles.jsonl"},
		{[]string{"episodes", "import", "sotopia", "no-such/episodes.jsonl", "--out", out}, "no-such/episodes.jsonl"},
		{[]string{"episodes", "import", "cocoa", "no-such/dialogues.json", "--out", out}, "no-such/dialogues.json"},
		{[]string{"report", "no-such/study"}, "no-such/study"},
		{[]string{"card", "no-such/run.jsonl"}, "no-such/run.jsonl"},
		{[]string{"scenarios", "show", "no-such/scenario.yaml"}, "no-such/scenario.yaml"},
		{[]string{"run", "--scenario", "no-such/scenario.yaml", "--out", out}, "no-such/scenario.yaml"},
		{[]string{"run", "--listings", "no-such/listings.json", "--out", out}, "no-such/listings.json"},
	} {
		r := runApp(t, c.args...)
		first, _, _ := strings.Cut(r.stderr, "\n")
		if r.code == 0 || !strings.HasSuffix(first, "no such file or directory: "+c.missing) {
			t.Errorf("%v: exit %d, said:\n%s", c.args, r.code, r.stderr)
		}
		for _, call := range []string{"stat ", "open ", "lstat ", "openat "} {
			if strings.Contains(r.stderr, call+c.missing) {
				t.Errorf("%v names the system call: %s", c.args, r.stderr)
			}
		}
	}
}
