package tui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

func TestRunRecordsWhileScrollingRestartsAndQuitsCleanly(t *testing.T) {
	dir := t.TempDir()
	in, keys := io.Pipe()
	var out bytes.Buffer
	// The program's filter sees each batch of events before the model
	// does, and says when the first runs have played a few turns and when
	// both runs of the next seed have ended.
	playing, restartedEnded := make(chan struct{}), make(chan struct{})
	var once [2]sync.Once
	completed, ended := 0, 0
	watch := tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
		if b, ok := msg.(batchMsg); ok {
			for _, part := range b {
				for _, ev := range part.events {
					switch {
					case ev.Kind == event.TurnCompleted && strings.HasSuffix(part.run, "-s1"):
						completed++
					case ev.Kind == event.RunEnded && strings.HasSuffix(part.run, "-s2"):
						ended++
					}
				}
			}
		}
		if completed >= 2 {
			once[0].Do(func() { close(playing) })
		}
		if ended == 2 {
			once[1].Do(func() { close(restartedEnded) })
		}
		return msg
	})
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Options{
			Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Script, view.Agents}, Seed: 1, Pace: 2 * time.Millisecond,
			Factory: factoryFunc(func(view.Mode) run.Backend {
				return scriptedBackend{name: "fixture", lines: []string{"one two three four five six", "seven eight nine ten"}}
			}),
			RecordDir: dir,
			Program:   []tea.ProgramOption{tea.WithInput(in), tea.WithOutput(&out), tea.WithWindowSize(120, 40), tea.WithoutSignals(), watch},
		})
	}()
	send := func(s string) {
		if _, err := keys.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	waitClosed := func(ch chan struct{}, what string) {
		t.Helper()
		select {
		case <-ch:
		case err := <-done:
			t.Fatalf("Run returned before %s: %v", what, err)
		case <-time.After(10 * time.Second):
			t.Fatalf("no %s within 10s", what)
		}
	}
	// Scroll about while the first runs play, then restart them with the
	// next seed, let the new ones finish and quit.
	waitClosed(playing, "first turns")
	send("kkkk[jjjjb")
	send("r")
	waitClosed(restartedEnded, "end of the restarted runs")
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
