package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCardAndExportCommands(t *testing.T) {
	dir := t.TempDir()
	script := "../../recordings/craigslist_road-bike-script-s1.jsonl"
	card := filepath.Join(dir, "card.md")
	if _, err := omnigap(t, "card", script, "--out", card); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(card); !strings.Contains(string(b), "### Who knew what") {
		t.Errorf("card:\n%s", b)
	}
	out, err := omnigap(t, "export", "--format", "finetune", "--drop-leaky", script)
	if err != nil {
		t.Fatal(err)
	}
	// The SCRIPT recording has one example per seat; the writer's leak
	// is in at least one of them, and what is not dropped is written.
	var written, dropped int
	if _, err := fmt.Sscanf(out[strings.LastIndex(out, "finetune:"):], "finetune: %d written, %d dropped as leaky", &written, &dropped); err != nil ||
		written+dropped != 2 || dropped < 1 || strings.Count(out, `{"messages":`) != written {
		t.Errorf("finetune output:\n%s", out)
	}
	if _, err := omnigap(t, "export", "--format", "recording", "--redact", script, "--out", dir); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, filepath.Base(script)))
	if !strings.Contains(string(b), "[seat0-fact2]") || strings.Contains(string(b), "$520") {
		t.Errorf("redacted copy:\n%.500s", b)
	}
	if _, err := omnigap(t, "export", "--format", "recording", script, "--out", dir); err == nil || !strings.Contains(err.Error(), "--redact") {
		t.Errorf("a copy without --redact: err = %v", err)
	}
	if _, err := omnigap(t, "export", "--format", "nope", script); err == nil || !strings.Contains(err.Error(), "finetune, sotopia, recording or html") {
		t.Errorf("unknown format: err = %v", err)
	}
}

// Without a terminal, demo prints the shipped recordings as plain lines,
// one comparison after another.
func TestDemoPlainPlaysTheShippedRecordings(t *testing.T) {
	t.Chdir("../..")
	out, err := omnigap(t, "demo")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(out, "ended after") < 6 {
		t.Errorf("want the six shipped runs played:\n%s", out)
	}
}

// The shipped comparisons are built into the binary: demo plays them from
// any folder, and a recording of the user's own in ./recordings does not
// stand in for them.
func TestDemoPlaysTheBuiltInComparisonsFromAnyFolder(t *testing.T) {
	mine, err := os.ReadFile("../../recordings/mutualfriends_alumni-mixer-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, withMine := range []bool{false, true} {
		dir := t.TempDir()
		if withMine {
			os.Mkdir(filepath.Join(dir, "recordings"), 0o755)
			if err := os.WriteFile(filepath.Join(dir, "recordings", "mine.jsonl"), mine, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Chdir(dir)
		out, err := omnigap(t, "demo")
		if err != nil {
			t.Fatalf("with a recording of mine %v: %v", withMine, err)
		}
		if got := strings.Count(out, " ended after "); got != 6 || !strings.HasPrefix(out, "A steel road bike changes hands\n") || !strings.Contains(out, "\nWho do we both know?\n") {
			t.Errorf("with a recording of mine %v: %d runs ended, want the six shipped ones, road bike first:\n%s", withMine, got, out)
		}
	}
}

// export --format html writes one page of a scenario's runs; it refuses
// --redact and recordings of two scenarios.
func TestExportHTMLWritesOnePage(t *testing.T) {
	dir := t.TempDir()
	runs, _ := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	out := filepath.Join(dir, "road-bike.html")
	if _, err := omnigap(t, append([]string{"export", "--format", "html", "--out", out}, runs...)...); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	if strings.Count(string(b), `<th data-col=`) != 3 || !strings.Contains(string(b), `<mark id="m1" data-kind="leak"`) {
		t.Errorf("page:\n%.2000s", b)
	}
	if _, err := omnigap(t, append([]string{"export", "--format", "html", "--redact"}, runs...)...); err == nil || !strings.Contains(err.Error(), "--redact") {
		t.Errorf("a redacted page: err = %v", err)
	}
	other := "../../recordings/mutualfriends_alumni-mixer-script-s1.jsonl"
	if _, err := omnigap(t, "export", "--format", "html", runs[0], other); err == nil || !strings.Contains(err.Error(), "one scenario") {
		t.Errorf("two scenarios on a page: err = %v", err)
	}
}
