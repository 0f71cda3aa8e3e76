package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/record"
)

// A replay plays the recorded events back; its turns, annotations and
// endings are the recorded ones.
func TestReplayShowsWhatWasRecorded(t *testing.T) {
	dir := t.TempDir()
	if _, err := omnigap(t, "run", "--scenario", "craigslist/road-bike", "--modes", "script,agents", "--out", dir); err != nil {
		t.Fatal(err)
	}
	files, _ := record.Files(dir)
	assertReplayMatches(t, files)
}

// The demo recordings shipped in recordings/ still read and replay as
// recorded with the current code.
func TestDemoRecordingsReplay(t *testing.T) {
	files, _ := record.Files("../../recordings")
	groups := map[string][]string{}
	for _, f := range files {
		rec, err := record.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		groups[rec.Header.Scenario.ID] = append(groups[rec.Header.Scenario.ID], f)
	}
	if len(groups) < 2 {
		t.Fatalf("want demo recordings of at least 2 scenarios, have %v", groups)
	}
	for _, g := range groups {
		assertReplayMatches(t, g)
	}
}

func assertReplayMatches(t *testing.T, files []string) {
	t.Helper()
	out, err := omnigap(t, append([]string{"replay", "--pace", "0"}, files...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		rec, err := record.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		tag := "[" + strings.ToUpper(string(rec.Header.Mode)) + "]"
		for _, ev := range rec.Events {
			switch ev.Kind {
			case event.TurnCompleted:
				if !strings.Contains(out, tag+" "+ev.Speaker) || !strings.Contains(out, ev.Action.Text) {
					t.Errorf("replay lacks %s turn %d %q", tag, ev.Turn, ev.Action.Text)
				}
			case event.Annotated:
				if !strings.Contains(out, tag+"   ^ "+string(ev.Annotation.Kind)) {
					t.Errorf("replay lacks %s %s", tag, ev.Annotation.Kind)
				}
			}
		}
		if want := tag + " ended after " + fmt.Sprint(rec.Ending().Turns) + " turns (" + string(rec.Ending().Reason) + ")"; !strings.Contains(out, want) {
			t.Errorf("replay lacks %q", want)
		}
	}
	if !strings.Contains(out, "replay:builtin") {
		t.Errorf("replayed seats are not marked:\n%s", out)
	}
}

func TestReplayOfACutRecordingSaysWhereItEnds(t *testing.T) {
	dir := t.TempDir()
	if _, err := omnigap(t, "run", "--scenario", "mutualfriends/gen-3", "--modes", "agents", "--out", dir); err != nil {
		t.Fatal(err)
	}
	files, _ := record.Files(dir)
	data, _ := os.ReadFile(files[0])
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	// Keep the header and the first turn, and tear the next line.
	var keep []string
	for _, l := range lines {
		keep = append(keep, l)
		if strings.Contains(l, `"kind":"turn_completed"`) {
			break
		}
	}
	os.WriteFile(cut, []byte(strings.Join(keep, "")+`{"run":"x","se`), 0o644)
	out, err := omnigap(t, "replay", "--pace", "0", cut)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ended after 1 turns (canceled)", "cut off mid-write"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Recordings of several scenarios, or two of one mode, play one
// comparison after another, in the order named, never as an error.
func TestReplayPlaysMixedScenariosOneAfterAnother(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	omnigap(t, "run", "--scenario", "craigslist/gen-1", "--modes", "agents", "--out", a)
	omnigap(t, "run", "--scenario", "craigslist/gen-2", "--modes", "script", "--out", b)
	fa, _ := record.Files(a)
	fb, _ := record.Files(b)
	out, err := omnigap(t, "replay", fa[0], fb[0], fa[0])
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, f := range []string{fa[0], fb[0], fa[0]} {
		rec, err := record.ReadHeader(t.Context(), f)
		if err != nil {
			t.Fatal(err)
		}
		titles = append(titles, rec.Header.Scenario.Title)
	}
	at := 0
	for i, title := range titles {
		n := strings.Index(out[at:], title+"\n")
		if n < 0 {
			t.Fatalf("comparison %d, %q, is not played after the ones before:\n%s", i+1, title, out)
		}
		at += n + len(title)
	}
	if got := strings.Count(out, " ended after "); got != 3 {
		t.Errorf("%d runs ended, want 3:\n%s", got, out)
	}
}

// Without endpoint flags, the fork chooser of a replay names the endpoint
// its recordings were made against; with none recorded, the flags to give.
func TestForkChooserNamesTheRecordedEndpoint(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	w := newWatchOptions()
	w.addFlags(&cobra.Command{})
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	for recorded, want := range map[string]string{
		"http://127.0.0.1:9/v1": "--base-url http://127.0.0.1:9/v1 (recorded)",
		"":                      "--base-url or OPENAI_API_KEY",
	} {
		fb := w.forkBackends(sc, recorded)
		if len(fb) != 2 || fb[1].Factory != nil || !strings.Contains(fb[1].Label, want) {
			t.Errorf("recorded %q: endpoint choice %+v, want a label with %q", recorded, fb[len(fb)-1], want)
		}
	}
}
