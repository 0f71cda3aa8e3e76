package tui

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/scoreboard"
)

// At 80x24 three panes leave the scoreboard narrow columns: every pane's
// caption and outcome still read whole, wrapped rather than cut.
func TestScoreboardKeepsCaptionsAndOutcomesWholeAt80x24(t *testing.T) {
	m := presenterAt80x24(t)
	summaries := []string{"deal at $420", "no deal: Alice rejected the offer of $380", "no deal: turn limit reached"}
	for i, p := range m.panes {
		run := "run-" + string(p.Mode())
		p.Show(run, [2]string{"fixture", "fixture"})
		m.Update(runBatch(run, []event.Event{{Kind: event.RunEnded, RunID: run, Ending: &event.Ending{Outcome: event.Outcome{Summary: summaries[i]}}}}))
	}
	if _, ok := m.stack.Body().Component.(*scoreboard.Board); !ok {
		t.Fatal("the scoreboard does not show once every run has ended")
	}
	lines := m.stack.Body().Component.Render(80, 20)
	board := ansi.Strip(strings.Join(lines, "\n"))
	// The columns as the scoreboard lays them out: a 16-cell label, then
	// one equal column per pane.
	const label = 16
	col := (80 - label) / len(m.panes)
	for i, p := range m.panes {
		mode := p.Mode()
		var column []string
		for _, l := range lines {
			l = ansi.Strip(l)
			column = append(column, ansi.Cut(l, label+i*col, label+(i+1)*col))
		}
		text := strings.Join(strings.Fields(strings.Join(column, " ")), " ")
		for _, want := range []string{pane.Captions[mode], summaries[i]} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q is not whole in its column: %q", mode.Label(), want, text)
			}
		}
	}
	if strings.Contains(board, "…") {
		t.Errorf("the scoreboard cuts a cell:\n%s", board)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w != 80 {
			t.Errorf("line %d is %d cells wide", i, w)
		}
	}
}

// In presenter mode ? names what n and s do there, in the words of the
// footer, and still fits 80 columns.
func TestPresenterHelpNamesItsKeysAt80x24(t *testing.T) {
	m := presenterAt80x24(t)
	m.Update(press("?"))
	screen := ansi.Strip(m.render())
	for _, want := range []string{"n/→   next comparison", "s     scoreboard", "q      quit"} {
		if !strings.Contains(screen, want) {
			t.Errorf("presenter help lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "step") || strings.Contains(screen, "…") {
		t.Errorf("presenter help offers the live app's n, or is cut:\n%s", screen)
	}
}

// presenterAt80x24 is a presenter-mode model of the three modes on an
// 80x24 screen.
func presenterAt80x24(t *testing.T) *model {
	modes := []view.Mode{view.Script, view.Agents, view.Mindreaders}
	sc := tuitest.Scenario()
	opts := Options{Scenario: sc, Modes: modes, Seed: 1, Pace: 60 * time.Millisecond,
		Demo: &DemoOptions{Comparisons: []Comparison{{Scenario: sc, Modes: modes, Seed: 1}}}}
	s := &session{ctx: context.Background(), opts: opts, feed: newFeed(frameInterval)}
	t.Cleanup(func() { s.feed.close() })
	m := newModel(s, nil)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// The scoreboard says whose goal completion each row is, seat by seat
// (first name and role), and who scored it, named as the report names
// it: the family's rule and an LLM judge apart.
func TestScoreboardNamesWhoseGoalAndWhoScoredIt(t *testing.T) {
	m := presenterAt80x24(t)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	for i, p := range m.panes {
		run := "run-" + string(p.Mode())
		p.Show(run, [2]string{"fixture", "fixture"})
		met := map[string]float64{
			metrics.GoalCompletion: 5, metrics.GoalCompletionSeat0: float64(i + 1), metrics.GoalCompletionSeat1: 9,
			report.JudgeGoal: 6, metrics.JudgeSeatKey(0, "goal"): 4, metrics.JudgeSeatKey(1, "goal"): float64(7 + i),
		}
		m.Update(runBatch(run, []event.Event{{Kind: event.RunEnded, RunID: run, Ending: &event.Ending{Metrics: met}}}))
	}
	board := ansi.Strip(strings.Join(m.stack.Body().Component.Render(120, 36), "\n"))
	var rows []string
	for _, l := range strings.Split(board, "\n") {
		rows = append(rows, strings.Join(strings.Fields(l), " "))
	}
	want := []string{
		"goal completion (rule, 0-10)", "Alice, seller 1.0 2.0 3.0", "Bob, buyer 9.0 9.0 9.0", "",
		"goal completion (judge, 0-10)", "Alice, seller 4.0 4.0 4.0", "Bob, buyer 7.0 8.0 9.0",
	}
	at := slices.Index(rows, want[0])
	if at < 0 || at+len(want) > len(rows) || !slices.Equal(rows[at:at+len(want)], want) {
		t.Errorf("the goal rows do not say whose goal and who scored it; want the rows\n%s\nin\n%s", strings.Join(want, "\n"), board)
	}
}
