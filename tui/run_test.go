package tui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

func TestRunRecordsWhileScrollingRestartsAndQuitsCleanly(t *testing.T) {
	dir := t.TempDir()
	in, keys := io.Pipe()
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Options{
			Scenario: testScenario(), Modes: []view.Mode{view.Script, view.Agents}, Seed: 1, Pace: 2 * time.Millisecond,
			Factory: factoryFunc(func(view.Mode) run.Backend {
				return scriptedBackend{name: "fixture", lines: []string{"one two three four five six", "seven eight nine ten"}}
			}),
			RecordDir: dir,
			Program:   []tea.ProgramOption{tea.WithInput(in), tea.WithOutput(&out), tea.WithWindowSize(120, 40), tea.WithoutSignals()},
		})
	}()
	// Scroll about while the first runs play, then restart them with the
	// next seed, let the new ones finish and quit.
	send := func(s string) {
		if _, err := keys.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	send("kkkk[jjjjb")
	time.Sleep(40 * time.Millisecond)
	send("r")
	time.Sleep(time.Second)
	send("q")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after q")
	}

	paths, err := record.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 4 {
		t.Fatalf("want 4 recordings (2 panes x 2 seeds), got %v", paths)
	}
	for _, p := range paths {
		rec, err := record.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Footer == nil {
			t.Errorf("%s", rec.EndNote())
			continue
		}
		if strings.Contains(p, "-s2") {
			if rec.Footer.Ending.Reason != event.TurnLimit || rec.Footer.Ending.Turns != 20 {
				t.Errorf("%s: the restarted run should play all 20 turns, ended %+v", p, rec.Footer.Ending)
			}
		}
	}
	if o := out.String(); strings.LastIndex(o, "\x1b[?1049l") < strings.LastIndex(o, "\x1b[?1049h") || !strings.Contains(o, "\x1b[?1049h") {
		t.Error("the app should enter the alternate screen and leave it on quit")
	}
}
