package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// TestModelCheckAnnotationsShowApart: the model's leak check's findings
// are drawn in a style of their own and are not counted in the pane's
// counters, which count the rules'. (Its look and name beside the kinds'
// are checked in tui/pane.)
func TestModelCheckAnnotationsShowApart(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script}, 160, 40)
	tm := startTeatest(t, m, 160, 40)
	run := m.panes[0].RunID()
	text := "I need $400 at least, and I bet you'd go to five eighty."
	anns := []event.Annotation{
		{Kind: event.Disclosure, FactID: "seller-floor", Start: 7, End: 11},
		{Kind: event.Guess, FactID: "buyer-cap", Start: 44, End: 55, Source: event.ByModel},
	}
	tm.Send(runBatch(run, tuitest.Turn(run, 1, text, anns...)))
	waitScreen(t, tm, "disclosure 1")
	screen := screen(t, tm)
	if styled := m.styles.Model.Render("five eighty"); !strings.Contains(screen, styled) {
		t.Errorf("the model's finding is not drawn in its style %q", styled)
	}
	if s := ansi.Strip(screen); strings.Contains(s, "guess 1") {
		t.Error("the model's finding is counted with the rules' guesses")
	}
	finalModel(t, tm)
}
