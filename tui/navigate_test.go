package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// feedDialogue gives each pane of m turns 1..8, with a leak in turn 5 and
// a disclosure in turn 7 of every pane.
func feedDialogue(m *model) {
	var b batchMsg
	for _, p := range m.panes {
		var evs []event.Event
		for n := 1; n <= 8; n++ {
			text := "words of turn " + string(rune('0'+n))
			var anns []event.Annotation
			switch n {
			case 5:
				text = "I know you pay at most $450 here."
				anns = append(anns, event.Annotation{Kind: event.Leak, FactID: "buyer-cap", Start: 23, End: 27})
			case 7:
				text = "I will not go below $400 for it."
				anns = append(anns, event.Annotation{Kind: event.Disclosure, FactID: "seller-floor", Start: 20, End: 24})
			}
			evs = append(evs, tuitest.Turn(p.RunID(), n, text, anns...)...)
		}
		b = append(b, runEvents{run: p.RunID(), events: evs})
	}
	m.Update(b)
}

func typeKeys(m *model, keys ...string) {
	for _, k := range keys {
		m.Update(press(k))
	}
}

// selected returns the turn marked ▶ on the drawn screen, per pane line.
func marked(m *model) string {
	for _, l := range strings.Split(ansi.Strip(m.render()), "\n") {
		if i := strings.Index(l, "▶ "); i >= 0 {
			return strings.Fields(l[i:])[1]
		}
	}
	return ""
}

func TestGoToTurnAndStepThroughTurnsAndAnnotations(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 120, 16)
	feedDialogue(m)
	typeKeys(m, "g", "4", "enter")
	p := m.panes[0]
	if p.Cursor() != 4 || marked(m) != "4" || p.TopTurn() != 4 {
		t.Fatalf("after g 4: cursor %d, marked %q, top %d", p.Cursor(), marked(m), p.TopTurn())
	}
	typeKeys(m, "]", "]")
	if p.Cursor() != 6 {
		t.Errorf("] ] from 4: cursor %d", p.Cursor())
	}
	typeKeys(m, "[")
	if p.Cursor() != 5 {
		t.Errorf("[ from 6: cursor %d", p.Cursor())
	}
	typeKeys(m, "home", "g", "4", "enter", "}")
	if p.Cursor() != 5 || !strings.Contains(m.notice, "turn 5 · leak \"$450\" · Bob's private amount") {
		t.Errorf("} from 4: cursor %d, notice %q", p.Cursor(), m.notice)
	}
	typeKeys(m, "}")
	if p.Cursor() != 7 || !strings.Contains(m.notice, "disclosure") {
		t.Errorf("} from the leak: cursor %d, notice %q", p.Cursor(), m.notice)
	}
	typeKeys(m, "}")
	if p.Cursor() != 7 || !strings.Contains(m.notice, "no further annotation") {
		t.Errorf("} past the last: cursor %d, notice %q", p.Cursor(), m.notice)
	}
	typeKeys(m, "{")
	if p.Cursor() != 5 {
		t.Errorf("{ back: cursor %d", p.Cursor())
	}
	typeKeys(m, "g", "9", "9", "enter")
	if p.Cursor() != 5 || !strings.Contains(m.notice, "turn 99 is not there") {
		t.Errorf("g 99: cursor %d, notice %q", p.Cursor(), m.notice)
	}
	if other := m.panes[1]; other.Cursor() != 0 {
		t.Errorf("unlocked, the other pane moved to %d", other.Cursor())
	}
}

func TestLockedPanesFollowTheSelection(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 120, 16)
	feedDialogue(m)
	typeKeys(m, "L", "g", "3", "enter")
	if a, b := m.panes[0].TopTurn(), m.panes[1].TopTurn(); a != 3 || b != 3 {
		t.Errorf("locked panes show turns %d and %d at the top, want 3 and 3", a, b)
	}
}

func TestSearchFindsTurnsInEveryPane(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 120, 16)
	feedDialogue(m)
	typeKeys(m, "/", "b", "e", "l", "o", "w", "enter")
	if m.focus != 0 || m.panes[0].Cursor() != 7 || !strings.Contains(m.notice, "match 1 of 2") {
		t.Fatalf("first match: focus %d cursor %d notice %q", m.focus, m.panes[0].Cursor(), m.notice)
	}
	typeKeys(m, "/", "enter")
	if m.focus != 1 || m.panes[1].Cursor() != 7 || !strings.Contains(m.notice, "match 2 of 2") {
		t.Fatalf("repeated search: focus %d cursor %d notice %q", m.focus, m.panes[1].Cursor(), m.notice)
	}
	typeKeys(m, "/", "z", "q", "enter")
	if !strings.Contains(m.notice, `no turn says "zq"`) {
		t.Errorf("notice %q", m.notice)
	}
}

func TestCardPanelShowsWhoKnewWhat(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 120, 40)
	feedDialogue(m)
	typeKeys(m, "c")
	s := ansi.Strip(m.render())
	for _, want := range []string{"Simulation card", "Who knew what", "SCRIPT writer", "AGENTS Alice", "Bob can pay at most $450"} {
		if !strings.Contains(s, want) {
			t.Errorf("the card panel lacks %q:\n%s", want, s)
		}
	}
	checkScreen(t, m.render(), 120, 40)
}

type fakeSpeed struct{ x float64 }

func (f *fakeSpeed) SetSpeed(x float64) { f.x = x }
func (f *fakeSpeed) Speed() float64     { return f.x }

// In a replay, + and - step the speed through 0.25x..8x, and end plays
// the rest at once.
func TestReplaySpeedKeysAndEnd(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script}, 100, 24)
	sp := &fakeSpeed{x: 1}
	m.session.opts.Replay = sp
	typeKeys(m, "+", "+")
	if sp.x != 4 {
		t.Errorf("+ + from 1x: %vx", sp.x)
	}
	typeKeys(m, "+", "+", "+")
	if sp.x != 8 {
		t.Errorf("the top speed is 8x, got %vx", sp.x)
	}
	for range 8 {
		typeKeys(m, "-")
	}
	if sp.x != 0.25 {
		t.Errorf("the lowest speed is 0.25x, got %vx", sp.x)
	}
	if !strings.Contains(ansi.Strip(m.render()), "0.25x recorded timing") {
		t.Error("the title does not show the speed")
	}
	typeKeys(m, "end")
	if sp.x != 0 || m.pace != 0 {
		t.Errorf("end should play the rest at once: speed %v pace %v", sp.x, m.pace)
	}
}

// The notice of a new fork fits the screen and names the seed it plays
// on with beside the run's: a fork of a seed-1 run records as s2.
func TestForkNoticeFitsAndNamesItsSeed(t *testing.T) {
	path := "/home/someone/talks/2026/recordings/forks/craigslist_road-bike-script-s2-fork-t1.jsonl"
	for _, width := range []int{80, 120, 200} {
		n := forkNotice(1, 2, 1, path, width)
		if ansi.StringWidth(n) > width {
			t.Errorf("at %d columns the notice is %d wide: %q", width, ansi.StringWidth(n), n)
		}
		if !strings.Contains(n, "seed 2") || !strings.Contains(n, "craigslist_road-bike-script-s2-fork-t1.jsonl") {
			t.Errorf("at %d columns: %q", width, n)
		}
	}
	if n := forkNotice(1, 2, 1, path, 200); !strings.Contains(n, "(the run's is 1)") || !strings.Contains(n, path) {
		t.Errorf("with room the notice names the run's seed and the whole path: %q", n)
	}
}
