package tui

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// syntheticModel is a model whose panes show fake runs named run-MODE and
// fed by hand with batchMsg; no run is started.
func syntheticModel(t testing.TB, modes []view.Mode, w, h int) *model {
	s := &session{ctx: context.Background(), opts: Options{Scenario: tuitest.Scenario(), Modes: modes, Seed: 1, Pace: 60 * time.Millisecond}, feed: newFeed(frameInterval)}
	t.Cleanup(func() { s.feed.close() })
	m := newModel(s, nil)
	for _, p := range m.panes {
		p.Show("run-"+string(p.Mode()), [2]string{"fixture", "fixture"})
	}
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// feedTurns applies count turns to every pane of m directly.
func feedTurns(m *model, count int) { m.Update(batchFor(m, count)) }

// checkScreen asserts the screen is exactly w x h cells.
func checkScreen(t *testing.T, screen string, w, h int) []string {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) != h {
		t.Fatalf("screen has %d lines, want %d:\n%s", len(lines), h, screen)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, got, w, ansi.Strip(l))
		}
	}
	return lines
}

// press is a key press as the terminal sends it.
func press(s string) tea.KeyPressMsg {
	switch s {
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "ctrl+u":
		return tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// render is the screen drawn in full, every line as wide as the screen.
func (m *model) render() string { return m.draw(false) }

// snapshotMsg asks the test filter for the screen the model would draw.
type snapshotMsg chan string

// snapshots answers snapshotMsg on the program's own goroutine, where
// reading the model is safe, and passes every other message through next.
func snapshots(next func(tea.Model, tea.Msg) tea.Msg) tea.ProgramOption {
	return tea.WithFilter(func(m tea.Model, msg tea.Msg) tea.Msg {
		if ch, ok := msg.(snapshotMsg); ok {
			ch <- m.(*model).render()
			return nil
		}
		if next != nil {
			return next(m, msg)
		}
		return msg
	})
}

// startTeatest runs m in teatest at w x h and returns the test model.
func startTeatest(t *testing.T, m *model, w, h int, opts ...tea.ProgramOption) *teatest.TestModel {
	if len(opts) == 0 {
		opts = append(opts, snapshots(nil))
	}
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h), teatest.WithProgramOptions(opts...))
}

// screen is the model's current screen, read on the program's goroutine.
func screen(t *testing.T, tm *teatest.TestModel) string {
	t.Helper()
	ch := make(snapshotMsg, 1)
	tm.Send(ch)
	select {
	case s := <-ch:
		return s
	case <-time.After(5 * time.Second):
		t.Fatal("no screen snapshot within 5s")
		return ""
	}
}

// waitScreen waits until the plain screen contains every string and
// returns it.
func waitScreen(t *testing.T, tm *teatest.TestModel, want ...string) string {
	t.Helper()
	var s, missing string
	if !eventually(5*time.Second, func() bool {
		s, missing = ansi.Strip(screen(t, tm)), ""
		for _, w := range want {
			if !strings.Contains(s, w) {
				missing = w
				return false
			}
		}
		return true
	}) {
		t.Fatalf("screen never showed %q; last screen:\n%s", missing, s)
	}
	return s
}

// eventually checks cond every 10 ms until it holds or limit has passed,
// and reports whether it held.
func eventually(limit time.Duration, cond func() bool) bool {
	deadline := time.After(limit)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-deadline:
			return cond()
		case <-tick.C:
		}
	}
	return true
}

// finalModel quits and returns the model as the program left it.
func finalModel(t *testing.T, tm *teatest.TestModel) *model {
	t.Helper()
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	return tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*model)
}

// scriptedBackend plays fixed lines, streaming them at the run's pace.
type scriptedBackend struct {
	name  string
	lines []string
}

func (b scriptedBackend) Name() string { return b.name }

func (b scriptedBackend) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	text := b.lines[(req.Turn-1)%len(b.lines)]
	err := req.Stream(ctx, text)
	return run.Result{Action: event.Action{Type: event.Speak, Text: text}}, err
}

// factoryFunc makes an episode.Factory of a function.
type factoryFunc func(mode view.Mode) run.Backend

func (f factoryFunc) Backends(_ *scenario.Scenario, mode view.Mode, _ int64) ([2]run.Backend, error) {
	b := f(mode)
	return [2]run.Backend{b, b}, nil
}

// liveSession starts real runs of opts and returns the model showing them;
// the runs are cancelled and drained when the test ends.
func liveSession(t *testing.T, opts Options) *model {
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{ctx: ctx, opts: opts, feed: newFeed(frameInterval)}
	g, err := s.start(opts.Seed, opts.Pace)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		if err := s.feed.close(); err != nil {
			t.Error(err)
		}
	})
	return newModel(s, g)
}

// batchFor is count turns for every pane of m, as one batch.
func batchFor(m *model, count int) batchMsg {
	var b batchMsg
	for _, p := range m.panes {
		evs := []event.Event{{RunID: p.RunID(), Kind: event.RunStarted, Seat: -1}}
		for n := 1; n <= count; n++ {
			evs = append(evs, tuitest.Turn(p.RunID(), n, strings.Repeat("word ", 5+n%17)+"end.")...)
		}
		b = append(b, runEvents{run: p.RunID(), events: evs})
	}
	return b
}

// typeText presses one key per character of s.
func typeText(tm *teatest.TestModel, s string) {
	for _, r := range s {
		if r == ' ' {
			tm.Send(press("space"))
			continue
		}
		tm.Send(press(string(r)))
	}
}

func resize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// runBatch is a batch with events of one run.
func runBatch(run string, evs []event.Event) batchMsg { return batchMsg{{run: run, events: evs}} }

// readAll is everything the program wrote to its terminal so far.
func readAll(t *testing.T, tm *teatest.TestModel) string {
	t.Helper()
	b, err := io.ReadAll(tm.Output())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// playBuyer starts a game of sc in which the user plays the buyer against
// a partner that speaks lines, on a w x h terminal.
func playBuyer(t *testing.T, sc *scenario.Scenario, partner scriptedBackend, w, h int) (*model, *teatest.TestModel) {
	t.Helper()
	m := liveSession(t, Options{
		Scenario: sc, Modes: []view.Mode{view.Agents}, Seed: 1,
		Factory:  factoryFunc(func(view.Mode) run.Backend { return partner }),
		Annotate: leak.Annotate,
		Play:     &PlayOptions{Seat: craigslist.BuyerSeat},
	})
	return m, startTeatest(t, m, w, h)
}
