package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/record"
)

// omnigap runs the CLI in-process with args and returns stdout.
// The user's own endpoint settings never reach it: without them every
// command uses the built-in engine, as on a fresh machine.
func omnigap(t *testing.T, args ...string) (string, error) {
	t.Helper()
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cmd := newRootCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

func TestDefaultCommandPrintsAllThreeModes(t *testing.T) {
	out, err := omnigap(t)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`(?m)^\[SCRIPT\] [^\n]+ \(seller\): \S`, `(?m)^\[AGENTS\] [^\n]+ \(buyer\): \S`,
		`(?m)^\[AGENTS\] ended after \d+ turns`, `(?m)^\[MINDREADERS\] ended after \d+ turns`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

func TestBrokenScenarioNamesFileLineAndField(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.yaml")
	data, err := os.ReadFile("../../scenarios/craigslist-road-bike.yaml")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "max_turns:", "max_turnz:", 1)
	if broken == string(data) {
		broken = strings.Replace(string(data), "\ntitle:", "\ntitel:", 1)
	}
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"scenarios", "show", path}, {"watch", path}, {"run", "--scenario", path, "--out", t.TempDir()}} {
		_, err := omnigap(t, args...)
		if err == nil || !regexp.MustCompile(regexp.QuoteMeta(path)+`:\d+:\d+: \S+: `).MatchString(err.Error()) {
			t.Errorf("%v: error %v", args, err)
		}
	}
}

func TestUnknownScenarioAndModeAreClearErrors(t *testing.T) {
	if _, err := omnigap(t, "watch", "craigslist/no-such"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("unknown id: %v", err)
	}
	if _, err := omnigap(t, "watch", "--modes", "script,telepaths"); err == nil || !strings.Contains(err.Error(), "--modes") {
		t.Errorf("unknown mode: %v", err)
	}
	if _, err := omnigap(t, "run", "--scenario", "chess/gen-*", "--out", t.TempDir()); err == nil || !strings.Contains(err.Error(), "no generator") {
		t.Errorf("unknown generator: %v", err)
	}
}

func TestScenariosListAndShow(t *testing.T) {
	out, err := omnigap(t, "scenarios", "list")
	if err != nil || !strings.Contains(out, "craigslist/road-bike") || !strings.Contains(out, "mutualfriends/gen-N") {
		t.Fatalf("list: %v\n%s", err, out)
	}
	// The list also says where the scenarios it cannot list come from.
	for _, want := range []string{"sotopia:DIR#N", "scenarios import", "--humans"} {
		if !strings.Contains(out, want) {
			t.Errorf("list does not mention %q:\n%s", want, out)
		}
	}
	out, err = omnigap(t, "scenarios", "show", "mutualfriends/gen-7")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"SCRIPT: the writer is given", "AGENTS: ", "MINDREADERS: ", "mutual-friend"} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q", want)
		}
	}
}

// TestRunIsDeterministic runs the same batch twice, with different
// concurrency, and compares every recording's events without timestamps.
func TestRunIsDeterministic(t *testing.T) {
	dirs := [2]string{t.TempDir(), t.TempDir()}
	for i, conc := range []string{"1", "3"} {
		if _, err := omnigap(t, "run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*",
			"--episodes", "5", "--seed", "11", "--concurrency", conc, "--out", dirs[i]); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := record.Files(dirs[0])
	if len(files) != 2*3*5 {
		t.Fatalf("%d recordings, want 30", len(files))
	}
	for _, f := range files {
		a, b := eventsWithoutTime(t, f), eventsWithoutTime(t, filepath.Join(dirs[1], filepath.Base(f)))
		if a != b {
			t.Fatalf("%s differs between runs", filepath.Base(f))
		}
	}
	var summary struct {
		Modes []struct {
			Mode     string   `json:"mode"`
			Episodes int      `json:"episodes"`
			DealRate *float64 `json:"deal_rate"`
			Success  *float64 `json:"success_rate"`
		} `json:"modes"`
	}
	data, err := os.ReadFile(filepath.Join(dirs[0], "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &summary); err != nil {
		t.Fatal(err)
	}
	if len(summary.Modes) != 3 || summary.Modes[0].Episodes != 10 || summary.Modes[0].DealRate == nil || summary.Modes[0].Success == nil {
		t.Fatalf("summary %s", data)
	}
}

func eventsWithoutTime(t *testing.T, path string) string {
	t.Helper()
	rec, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Footer == nil || rec.Torn {
		t.Fatalf("%s is incomplete", path)
	}
	for i := range rec.Events {
		rec.Events[i].At = 0
	}
	data, _ := json.Marshal(rec.Events)
	return string(data)
}

// TestRunPrintsStatusLinesWhenNotOnATerminal: without a terminal, run
// prints a plain status line every few seconds.
func TestRunPrintsStatusLinesWhenNotOnATerminal(t *testing.T) {
	defer func(d time.Duration) { statusEvery = d }(statusEvery)
	statusEvery = 20 * time.Millisecond
	out, err := omnigap(t, "run", "--scenario", "craigslist/gen-*", "--episodes", "100", "--concurrency", "1", "--out", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^omnigap run: \d+/300 episodes · [\d.]+/s · \d+s left · 0 errors \(script \d+/100, agents \d+/100, mindreaders \d+/100\)$`)
	if !re.MatchString(out) {
		t.Fatalf("no status line in:\n%.600s", out)
	}
}

// TestResumeRefusesAnotherStudy: --resume continues the study its folder
// holds, with more episodes if asked, and refuses other options.
func TestResumeRefusesAnotherStudy(t *testing.T) {
	dir := t.TempDir()
	if _, err := omnigap(t, "run", "--scenario", "craigslist/gen-*", "--episodes", "2", "--out", dir); err != nil {
		t.Fatal(err)
	}
	if _, err := omnigap(t, "run", "--scenario", "craigslist/gen-*", "--episodes", "2", "--seed", "7", "--out", dir, "--resume"); err == nil || !strings.Contains(err.Error(), "--seed 1") {
		t.Fatalf("resume with another seed: %v", err)
	}
	out, err := omnigap(t, "run", "--scenario", "craigslist/gen-*", "--episodes", "3", "--out", dir, "--resume")
	if err != nil || !strings.Contains(out, "9 episodes recorded") || !strings.Contains(out, "6 already there") {
		t.Fatalf("extending the study: %v\n%s", err, out)
	}
}

// A command given the wrong number of arguments says how it is used, with
// an example where it has one, instead of counting arguments.
func TestWrongArgumentsShowUsage(t *testing.T) {
	for _, args := range [][]string{{"replay"}, {"card"}, {"report"}, {"export"}, {"watch", "a", "b"}, {"play", "a", "b"}, {"scenarios", "show"}, {"scenarios", "import", "sotopia"}} {
		_, err := omnigap(t, args...)
		if err == nil {
			t.Errorf("omnigap %v: no error", args)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "usage: omnigap "+args[0]) || strings.Contains(msg, "arg(s)") || !strings.Contains(msg, "--help") {
			t.Errorf("omnigap %v: %q, want a usage line that points to --help", args, msg)
		}
	}
	_, err := omnigap(t, "run", "craigslist/gen-1")
	if err == nil || !strings.Contains(err.Error(), "--scenario craigslist/gen-1") {
		t.Errorf("run with a positional scenario: %v", err)
	}
}
