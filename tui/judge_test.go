package tui

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
	"github.com/omnigap/omnigap/internal/recordtest"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// TestQuitWhileTheJudgeHangs: q while the judge's call hangs (the
// endpoint's default timeouts are minutes) ends the app within a second,
// and the run's recording closes with its ending marked unjudged.
func TestQuitWhileTheJudgeHangs(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	var judging <-chan struct{}
	srv.Chaos, judging = llmtest.HangWhen(llmtest.Judging)
	f := llm.NewFactory(config.Config{Endpoints: []config.Endpoint{{URL: srv.URL, APIKey: "sk-test"}}, Model: "fake"})
	dir := t.TempDir()
	in, keys := io.Pipe()
	defer keys.Close()
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Options{
			Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Agents}, Seed: 1, Factory: f,
			Annotate: f.Judge().Annotate(leak.Annotate), RecordDir: dir,
			Program: []tea.ProgramOption{tea.WithInput(in), tea.WithOutput(&out), tea.WithWindowSize(120, 40), tea.WithoutSignals()},
		})
	}()
	select {
	case <-judging:
	case err := <-done:
		t.Fatalf("the app ended before the judge was called: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("no judge call within a minute")
	}
	pressed := time.Now()
	if _, err := keys.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(time.Second):
		t.Fatal("the app still runs 1 s after q while the judge hangs")
	}
	t.Logf("the app ended %v after q", time.Since(pressed))
	rec := recordtest.Only(t, dir)
	if end := rec.Footer.Ending; end.Reason == event.Canceled || end.Notes[metrics.JudgeStoppedNote] == "" {
		t.Errorf("ending %s, notes %v: want the dialogue's ending marked %s", end.Reason, end.Notes, metrics.JudgeStoppedNote)
	}
}
