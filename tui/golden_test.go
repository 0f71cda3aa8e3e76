package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/pane"
)

// goldenTurns is how far the golden screens' runs have played.
const goldenTurns = 8

// goldenSizes are the screens every golden is drawn on.
var goldenSizes = []struct{ w, h int }{{80, 24}, {120, 36}, {200, 50}}

// goldenRun is a run's events up to and with turn goldenTurns, and the
// names of its backends.
type goldenRun struct {
	runEvents
	backends [2]string
}

// builtinEvents plays the default scenario with the built-in engine and
// seed 1 in every mode.
func builtinEvents(t testing.TB) []goldenRun {
	t.Helper()
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out []goldenRun
	for _, mode := range view.Modes {
		live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: mode, Seed: 1, Factory: builtin.Factory{}, Annotate: leak.Annotate, Buffer: 64})
		if err != nil {
			t.Fatal(err)
		}
		// The run stops being shown where turn goldenTurns+1 starts; a
		// run that ended before then is shown ended.
		var evs []event.Event
		cut := false
		for ev := range live.Events {
			cut = cut || ev.Kind == event.TurnStarted && ev.Turn > goldenTurns
			if !cut {
				evs = append(evs, ev)
			}
		}
		if _, err := live.Wait(); err != nil {
			t.Fatal(err)
		}
		out = append(out, goldenRun{runEvents{run: live.ID, events: evs}, live.Backends})
	}
	return out
}

// goldenModel is the app at w x h showing the default scenario's runs
// after goldenTurns turns, the first pane's highlights included.
func goldenModel(t testing.TB, runs []goldenRun, w, h int) *model {
	t.Helper()
	return modelShowing(t, runs, w, h, func(sc *scenario.Scenario) Options {
		return Options{Scenario: sc, Modes: view.Modes, Seed: 1}
	})
}

// modelShowing is the app of the options made for the default scenario,
// at w x h, its panes showing the runs.
func modelShowing(t testing.TB, runs []goldenRun, w, h int, options func(*scenario.Scenario) Options) *model {
	t.Helper()
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := &session{ctx: context.Background(), opts: options(sc), feed: newFeed(frameInterval)}
	t.Cleanup(func() { s.feed.close() })
	m := newModel(s, nil)
	for i, p := range m.panes {
		p.Show(runs[i].run, runs[i].backends)
	}
	m.Update(resize(w, h))
	var b batchMsg
	for _, r := range runs {
		b = append(b, r.runEvents)
	}
	m.Update(b)
	return m
}

// goldenScreens are the screens kept in testdata, each reached from a
// fresh golden model.
var goldenScreens = []struct {
	name string
	open func(m *model)
}{
	{"main", func(m *model) {}},
	{"info", func(m *model) { m.Update(press("i")) }},
	{"audit", func(m *model) { m.Update(press("p")) }},
	{"help", func(m *model) { m.Update(press("?")) }},
	{"takeover", func(m *model) {
		p := m.panes[m.focus]
		p.SetPlayer(pane.NewPlayer(m.scenario, 1, human.New()))
		m.startTyping(p)
		m.resize()
		for _, r := range "I can pay 480" {
			m.Update(press(string(r)))
		}
	}},
}

// The panes, panels and input look as the files in
// testdata/TestGoldenScreens show, at 80, 120 and 200 columns; go test
// ./tui -run TestGoldenScreens -update rewrites them. Every line is
// exactly as wide as the screen.
func TestGoldenScreens(t *testing.T) {
	runs := builtinEvents(t)
	for _, size := range goldenSizes {
		for _, g := range goldenScreens {
			t.Run(fmt.Sprintf("%s-%dx%d", g.name, size.w, size.h), func(t *testing.T) {
				m := goldenModel(t, runs, size.w, size.h)
				g.open(m)
				screen := m.render()
				checkScreen(t, screen, size.w, size.h)
				golden.RequireEqual(t, ansi.Strip(screen)+"\n")
			})
		}
	}
	// One golden keeps the styles: the colours and attributes of each
	// cell of the main screen at 80x24 on a dark background, as a
	// terminal holds them, so a change in how the same cells are written
	// does not count.
	t.Run("main-80x24-styled", func(t *testing.T) {
		golden.RequireEqual(t, cells(goldenModel(t, runs, 80, 24).render(), 80, 24, colorprofile.TrueColor)+"\n")
	})
	// omnigap demo stopped at the SCRIPT run's leak: the callout over the
	// presenter's keys, the legend with what each kind means wrapped
	// onto as many lines as it needs.
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}, {200, 50}} {
		t.Run(fmt.Sprintf("demo-%dx%d", size.w, size.h), func(t *testing.T) {
			screen := goldenDemo(t, runs, size.w, size.h).render()
			checkScreen(t, screen, size.w, size.h)
			golden.RequireEqual(t, ansi.Strip(screen)+"\n")
		})
	}
	// Under NO_COLOR every annotation kind, the model check's finding and
	// a denial keep a look of their own: each span opens with its
	// kind's marker (the plain golden) and keeps its text attributes
	// (the styled one, as a terminal without colour holds the cells),
	// and the focused pane is marked by ▶ and a heavier rule.
	t.Run("nocolor-kinds-80x24", func(t *testing.T) {
		screen := everyKindModel(t, 80, 24).render()
		checkScreen(t, screen, 80, 24)
		golden.RequireEqual(t, ansi.Strip(screen)+"\n")
	})
	t.Run("nocolor-kinds-80x24-styled", func(t *testing.T) {
		golden.RequireEqual(t, cells(everyKindModel(t, 80, 24).render(), 80, 24, colorprofile.ASCII)+"\n")
	})
}

// cells is screen as a w x h terminal of colour profile p holds it: the
// colours and attributes of each cell, written out again.
func cells(screen string, w, h int, p colorprofile.Profile) string {
	var b strings.Builder
	out := &colorprofile.Writer{Forward: &b, Profile: p}
	if _, err := out.WriteString(screen); err != nil {
		panic(err) // a strings.Builder takes every write
	}
	buf := uv.NewScreenBuffer(w, h)
	uv.NewStyledString(b.String()).Draw(buf, buf.Bounds())
	return buf.Render()
}

// goldenDemo is omnigap demo at w x h showing the default scenario's
// runs after goldenTurns turns, stopped at the first leak.
func goldenDemo(t *testing.T, runs []goldenRun, w, h int) *model {
	t.Helper()
	m := modelShowing(t, runs, w, h, func(sc *scenario.Scenario) Options {
		return Options{Scenario: sc, Modes: view.Modes, Seed: 1,
			Demo: &DemoOptions{Comparisons: []Comparison{{Scenario: sc, Modes: view.Modes, Seed: 1}, {Scenario: sc, Modes: view.Modes, Seed: 2}}}}
	})
	if !m.paused || m.presenter.callout() == "" {
		t.Fatal("the demo did not stop at the SCRIPT run's leak")
	}
	return m
}

// everyKindModel is a w x h screen of two panes whose first turn has a
// span of every annotation kind, one the model check found and a denial.
func everyKindModel(t *testing.T, w, h int) *model {
	t.Helper()
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, w, h)
	text := "I need $400 at least, Bob can pay $450, the frame is cracked, ask Jacob, you got it for $300, it was stolen, and it was never raced."
	span := func(a event.Annotation, s string) event.Annotation {
		i := strings.Index(text, s)
		a.Start, a.End = i, i+len(s)
		return a
	}
	anns := []event.Annotation{
		span(event.Annotation{Kind: event.Disclosure, FactID: "seller-floor"}, "$400"),
		span(event.Annotation{Kind: event.Leak, FactID: "buyer-cap"}, "Bob can pay $450"),
		span(event.Annotation{Kind: event.MindRead, FactID: "frame-crack"}, "frame is cracked"),
		span(event.Annotation{Kind: event.FirstMention, FactID: "friend"}, "Jacob"),
		span(event.Annotation{Kind: event.Guess, FactID: "seller-paid"}, "for $300"),
		span(event.Annotation{Kind: event.Leak, FactID: "stolen", Source: event.ByModel}, "it was stolen"),
		span(event.Annotation{Kind: event.Disclosure, FactID: "raced", Negated: true}, "never raced"),
	}
	for _, p := range m.panes {
		m.Update(runBatch(p.RunID(), tuitest.Turn(p.RunID(), 1, text, anns...)))
	}
	return m
}
