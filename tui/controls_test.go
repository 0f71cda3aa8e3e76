package tui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

func TestFocusMovesWithTabAndClick(t *testing.T) {
	m := syntheticModel(t, view.Modes, 200, 50)
	tm := startTeatest(t, m, 200, 50)
	tm.Send(batchFor(m, 3))
	tm.Send(press("tab"))
	tm.Send(press("tab"))
	tm.Send(press("tab")) // wraps around to SCRIPT
	tm.Send(press("shift+tab"))
	m = finalModel(t, tm)
	if m.focus != 2 || !m.panes[2].Focused() || m.panes[0].Focused() {
		t.Fatalf("focus = %d, want MINDREADERS (2)", m.focus)
	}
	focused := m.styles.ModeHeading(view.Mindreaders, true).Render("▶MINDREADERS ")
	if !strings.Contains(m.render(), focused) {
		t.Error("the focused pane's label is not drawn in the focused style")
	}
	m.Update(tea.MouseClickMsg{X: 70, Y: 10, Button: tea.MouseLeft})
	if m.focus != 1 {
		t.Errorf("a click in the middle pane should focus it, focus = %d", m.focus)
	}
}

func TestScrollingKeysWheelAndFollow(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 120, 30)
	tm := startTeatest(t, m, 120, 30)
	tm.Send(batchFor(m, 200))
	waitScreen(t, tm, "200 Bob")
	tm.Send(press("home"))
	s := waitScreen(t, tm, "1 Alice", "↑ scrolled")
	if strings.Count(s, "200 Bob") != 1 {
		t.Error("home should scroll only the focused pane")
	}
	tm.Send(press("down"))
	tm.Send(press("down"))
	tm.Send(tea.MouseWheelMsg{X: 5, Y: 10, Button: tea.MouseWheelDown})
	m = finalModel(t, tm)
	p := m.panes[0]
	if p.Top() != 5 || p.Following() {
		t.Fatalf("after home, 2 lines down and one wheel notch: top=%d follow=%v, want 5 false", p.Top(), p.Following())
	}
	m.Update(press("end"))
	if !p.Following() {
		t.Fatal("end should follow the newest turn again")
	}
	// New turns keep the followed pane at the bottom...
	m.Update(runBatch(p.RunID(), tuitest.Turn(p.RunID(), 201, "a newer turn")))
	if !strings.Contains(ansi.Strip(m.render()), "a newer turn") {
		t.Error("a following pane should show the newest turn")
	}
	// ...but not a pane the user scrolled up.
	m.Update(press("pgup"))
	top := p.Top()
	m.Update(runBatch(p.RunID(), tuitest.Turn(p.RunID(), 202, "the newest turn")))
	m.render()
	if p.Top() != top || p.Following() {
		t.Errorf("a scrolled pane moved on new text: top %d -> %d", top, p.Top())
	}
	// Scrolling to the bottom by hand follows again.
	for range 50 {
		m.Update(press("down"))
	}
	if !p.Following() {
		t.Error("scrolling down to the last line should follow again")
	}
}

func TestSynchronizedScrollingByTurn(t *testing.T) {
	m := syntheticModel(t, view.Modes, 200, 40)
	feedTurns(m, 100)
	// The panes wrap differently: make the third one's turns longer.
	p2 := m.panes[2]
	var evs = tuitest.Turn(p2.RunID(), 101, strings.Repeat("padding words ", 40))
	m.Update(runBatch(p2.RunID(), evs))
	m.Update(press("s"))
	m.Update(press("home"))
	for range 37 {
		m.Update(press("down"))
	}
	want := m.panes[0].TopTurn()
	if want < 2 {
		t.Fatalf("scrolling should have moved past turn 1, top turn %d", want)
	}
	for i, p := range m.panes {
		if got := p.TopTurn(); got != want {
			t.Errorf("pane %d shows turn %d at the top, want %d", i, got, want)
		}
	}
	m.Update(press("s"))
	m.Update(press("up"))
	if m.panes[1].TopTurn() != want {
		t.Error("with sync off the other panes should stay put")
	}
}

func TestHelpShortAndFullFitAt80(t *testing.T) {
	m := syntheticModel(t, view.Modes, 80, 24)
	tm := startTeatest(t, m, 80, 24)
	short := "space pause • tab next pane • g go to turn • } next annotation • ? help • q quit"
	s := waitScreen(t, tm, short)
	if strings.Contains(s, "new seed") {
		t.Error("the short help should not list every key")
	}
	tm.Send(press("?"))
	s = waitScreen(t, tm, "new seed", "lock panes", "prompt audit", "faster", "page down", "go to turn", "fork here", "next annotation", "close", "quit")
	lines := strings.Split(s, "\n")
	if help := strings.Join(lines[len(lines)-10:], "\n"); strings.Contains(help, "…") {
		t.Errorf("the full help should fit 80 columns:\n%s", help)
	}
	checkScreen(t, screen(t, tm), 80, 24)
	tm.Send(press("?"))
	s = waitScreen(t, tm, short)
	if strings.Contains(s, "new seed") {
		t.Error("? should close the full help")
	}
	finalModel(t, tm)
}

func TestInfoPanelAndPromptAudit(t *testing.T) {
	m := syntheticModel(t, view.Modes, 160, 45)
	tm := startTeatest(t, m, 160, 45)
	tm.Send(press("i"))
	s := waitScreen(t, tm, "Who knows what", "Outside a bike shop", "Goal: Sell high.", "Alice will not go below $400", "Which mode gives whom which fact")
	// The matrix: SCRIPT's writer sees all, AGENTS' Alice only her own,
	// MINDREADERS both seats' but not the environment's.
	row := matrixRow(t, s, "[buyer] Bob can pay at most $450")
	if want := "✓ · ✓ ✓ ✓"; row != want {
		t.Errorf("matrix row for Bob's fact = %q, want %q", row, want)
	}
	row = matrixRow(t, s, "[env] The frame has a hairline crack")
	if want := "✓ · · · ·"; row != want {
		t.Errorf("matrix row for the environment fact = %q, want %q", row, want)
	}
	tm.Send(press("esc"))
	tm.Send(press("tab"))
	tm.Send(press("p"))
	s = waitScreen(t, tm, "Prompt audit · AGENTS", "Alice (seller, seat 0; fixture) is given:", "Bob (buyer, seat 1; fixture) is given:")
	want := view.For(tuitest.Scenario(), view.Agents, 1).Render()
	for _, line := range strings.Split(strings.TrimSpace(want), "\n") {
		if !strings.Contains(s, line) {
			t.Errorf("the audit lacks %q from Bob's View", line)
		}
	}
	tm.Send(press("shift+tab"))
	waitScreen(t, tm, "Prompt audit · SCRIPT", "You write the dialogue for both characters")
	tm.Send(press("p"))
	waitScreen(t, tm, "▶SCRIPT ", "turn 0/20")
	finalModel(t, tm)
}

// matrixRow returns the ✓/· cells of the matrix row for a fact.
func matrixRow(t *testing.T, screen, fact string) string {
	t.Helper()
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, fact) {
			return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
				if r == '✓' || r == '·' || r == ' ' {
					return r
				}
				return 'x'
			}, l[strings.Index(l, fact)+len(fact):])), " ")
		}
	}
	t.Fatalf("no matrix row for %q", fact)
	return ""
}

var turnCounter = regexp.MustCompile(`turn (\d+)/`)

func counters(screen string) []int {
	var out []int
	for _, m := range turnCounter.FindAllStringSubmatch(screen, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// Space stops every run at its next turn and n plays exactly one more
// turn of each. A run's controller says when the run is parked at its
// gate, where it plays nothing until a step: the test checks that state
// and the screen, and need not wait to see that nothing more comes.
func TestPauseStopsRunsAndStepAdvancesEachByOneTurn(t *testing.T) {
	lines := []string{"one two three four", "five six seven eight"}
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Script, view.Agents}, Seed: 1, Pace: 10 * time.Millisecond,
		Factory: factoryFunc(func(view.Mode) run.Backend { return scriptedBackend{name: "fixture", lines: lines} }),
	})
	var controls []*run.Controller
	for _, p := range m.panes {
		controls = append(controls, p.Live().Control)
	}
	tm := startTeatest(t, m, 160, 45)
	// stopped waits until every run is parked and the screen shows each
	// pane paused at the turns its run started, and returns those; want,
	// when set, is the turns each run must have started by then.
	stopped := func(what string, want []int) []int {
		t.Helper()
		var s string
		var started []int
		if !eventually(5*time.Second, func() bool {
			started = nil
			for _, c := range controls {
				if !c.Parked() {
					return false
				}
				started = append(started, c.Started())
			}
			s = ansi.Strip(screen(t, tm))
			return (want == nil || slices.Equal(started, want)) && allStatus(s, "paused") && slices.Equal(counters(s), started)
		}) {
			t.Fatalf("%s: the runs did not stop at turns %v (started %v):\n%s", what, want, started, s)
		}
		return started
	}
	waitScreen(t, tm, "turn 2/20")
	tm.Send(press("space"))
	before := stopped("space", nil)
	// Parked at one more turn each, the runs cannot go further.
	tm.Send(press("n"))
	stopped("n", []int{before[0] + 1, before[1] + 1})
	tm.Send(press("space"))
	waitScreen(t, tm, "turn 20/20", "ended")
	finalModel(t, tm)
}

var paneStatus = regexp.MustCompile(`(?m)(starting|running|pausing|paused|ended)(│|$)`)

// allStatus reports whether every pane header shows status.
func allStatus(screen, status string) bool {
	found := paneStatus.FindAllStringSubmatch(screen, -1)
	for _, f := range found {
		if f[1] != status {
			return false
		}
	}
	return len(found) > 0
}
