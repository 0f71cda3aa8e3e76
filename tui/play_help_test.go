package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// While the user plays, ? lists the keys that work in a game of one pane,
// theirs: no fork, take-over, other pane or lock, and no annotation to
// step to before the end; in the watch they are all there.
func TestPlayHelpListsOnlyKeysThatWorkThere(t *testing.T) {
	partner := scriptedBackend{name: "fixture", lines: []string{"Hello."}}
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Agents}, Seed: 1,
		Factory:  factoryFunc(func(view.Mode) run.Backend { return partner }),
		Annotate: leak.Annotate, Play: &PlayOptions{Seat: craigslist.BuyerSeat},
	})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	help := ansi.Strip((&fullHelp{m}).helpView())
	for _, gone := range []string{"fork here", "take over", "next pane", "lock panes", "next annotation"} {
		if strings.Contains(help, gone) {
			t.Errorf("play's help lists %q, which does nothing there:\n%s", gone, help)
		}
	}
	for _, kept := range []string{"info", "reveal", "go to turn", "quit"} {
		if !strings.Contains(help, kept) {
			t.Errorf("play's help lacks %q:\n%s", kept, help)
		}
	}
	watch := syntheticModel(t, view.Modes, 120, 40)
	if h := ansi.Strip((&fullHelp{watch}).helpView()); !strings.Contains(h, "fork here") || !strings.Contains(h, "take over") {
		t.Errorf("the watch's help lost its keys:\n%s", h)
	}
}
