package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// sameScreen reports whether two screens are one string: the View handed
// out the last screen again instead of drawing a new one.
func sameScreen(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// streamInto starts turn n in pane i of m and streams text into it.
func streamInto(m *model, i, n int, text string) {
	p := m.panes[i]
	base := event.Event{RunID: p.RunID(), Turn: n, Seat: (n - 1) % 2, Speaker: []string{"Alice", "Bob"}[(n-1)%2], Backend: "fixture"}
	start, delta := tuitest.With(base, event.TurnStarted), tuitest.With(base, event.Delta)
	delta.Delta = text
	m.Update(runBatch(p.RunID(), []event.Event{start}))
	for _, w := range strings.Fields(text) {
		delta.Delta = w + " "
		m.Update(runBatch(p.RunID(), []event.Event{delta}))
	}
}

// A turn streaming into a pane scrolled away from its end changes nothing
// on screen: the View hands out the same screen without drawing it again,
// and the streaming turn is not even wrapped until the user scrolls to it.
func TestStreamOutOfViewKeepsTheScreen(t *testing.T) {
	m := syntheticModel(t, view.Modes, 240, 60)
	feedTurns(m, 200)
	m.Update(press("pgup"))
	before := m.View().Content

	streamInto(m, 0, 201, "unseenword arrives while the pane looks at older turns")
	after := m.View().Content
	if after != before {
		t.Fatalf("a delta out of view changed the screen:\n%s", ansi.Strip(after))
	}
	if !sameScreen(after, before) {
		t.Error("the screen was drawn again although no row of it changed")
	}

	// Back at the end, the turn streamed meanwhile is there.
	m.Update(press("end"))
	if s := ansi.Strip(m.View().Content); !strings.Contains(s, "unseenword arrives") {
		t.Errorf("back at the end the streamed turn is missing:\n%s", s)
	}
}

// With the panes under tabs, a turn streaming into a pane no tab shows
// changes nothing on screen; one streaming into the shown pane does.
func TestStreamIntoHiddenTabKeepsTheScreen(t *testing.T) {
	m := syntheticModel(t, view.Modes, 80, 24)
	if !m.tabbed() {
		t.Fatal("80 columns should hide a pane under tabs")
	}
	feedTurns(m, 5)
	before := m.View().Content

	streamInto(m, 2, 6, "hiddenword streams in the hidden third tab")
	after := m.View().Content
	if !sameScreen(after, before) {
		t.Errorf("a delta to a hidden tab drew a new screen:\n%s", ansi.Strip(after))
	}

	streamInto(m, 0, 6, "shownword streams in the focused tab")
	if s := ansi.Strip(m.View().Content); !strings.Contains(s, "shownword") {
		t.Errorf("the focused tab does not show its streaming turn:\n%s", s)
	}
}

// A pane measures a changed turn only once the view reaches it; the screen
// must be what a pane that measures everything every time shows. Two
// models get the same random mix of starts, deltas, completions,
// annotations, and scroll and selection keys (panes locked or not); the
// second forgets its layout and every wrapped turn before each screen.
// Its cost grows with the square of the steps (every screen of the
// second lays out the whole transcript): 300 steps caught each of the
// five layout bugs that 1,000 caught, in a fifth of the time.
func TestLazyLayoutShowsWhatAFullLayoutShows(t *testing.T) {
	keys := []string{"pgup", "pgdown", "up", "down", "home", "end", "tab", "[", "]", "}", "L"}
	for _, size := range [][2]int{{240, 60}, {120, 40}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel() // two models of their own
			lazyLayoutMatchesFull(t, keys, size)
		})
	}
}

// lazyLayoutMatchesFull plays one size of TestLazyLayoutShowsWhatAFullLayoutShows.
func lazyLayoutMatchesFull(t *testing.T, keys []string, size [2]int) {
	lazy := syntheticModel(t, view.Modes, size[0], size[1])
	full := syntheticModel(t, view.Modes, size[0], size[1])
	both := func(msg tea.Msg) { lazy.Update(msg); full.Update(msg) }
	both(batchFor(lazy, 30))
	rng := rand.New(rand.NewPCG(uint64(size[0]), uint64(size[1])))
	next := []int{31, 31, 31}
	streaming := []bool{false, false, false}
	for step := range 300 {
		i := rng.IntN(len(lazy.panes))
		run := lazy.panes[i].RunID()
		base := event.Event{RunID: run, Turn: next[i], Seat: (next[i] - 1) % 2, Speaker: "Alice", Backend: "fixture"}
		switch r := rng.IntN(10); {
		case r < 2:
			both(press(keys[rng.IntN(len(keys))]))
		case !streaming[i]:
			both(runBatch(run, []event.Event{tuitest.With(base, event.TurnStarted)}))
			streaming[i] = true
		case r < 8:
			d := tuitest.With(base, event.Delta)
			d.Delta = "a few more words "
			if rng.IntN(5) == 0 {
				d.Delta = "\n"
			}
			both(runBatch(run, []event.Event{d}))
		case r < 9:
			d := tuitest.With(base, event.TurnCompleted)
			d.Action = &event.Action{Type: event.Speak, Text: "short in the end"}
			both(runBatch(run, []event.Event{d}))
			streaming[i] = false
			next[i]++
		default:
			a := tuitest.With(base, event.Annotated)
			a.Turn = 1 + rng.IntN(next[i]-1)
			a.Annotation = &event.Annotation{Kind: event.Leak, Start: 0, End: 4}
			both(runBatch(run, []event.Event{a}))
		}
		got := lazy.render()
		for _, p := range full.panes {
			p.Restyle() // forgets every line laid out and wrapped
		}
		if want := full.render(); got != want {
			t.Fatalf("%dx%d, step %d: the screen differs from a full layout's\ngot:\n%s\nwant:\n%s", size[0], size[1], step, ansi.Strip(got), ansi.Strip(want))
		}
	}
}
