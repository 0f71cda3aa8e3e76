package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// TestModelCheckAnnotationsShowApart: the model's leak check's findings
// are drawn in a style of their own, unlike every kind's and a denial's
// (in colour and in attributes alone, for NO_COLOR), are named as the
// model check's with its marker, and are not counted in the pane's
// counters, which count the rules'.
func TestModelCheckAnnotationsShowApart(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script}, 160, 40)
	tm := startTeatest(t, m, 160, 40)
	run := m.panes[0].runID
	text := "I need $400 at least, and I bet you'd go to five eighty."
	anns := []event.Annotation{
		{Kind: event.Disclosure, FactID: "seller-floor", Start: 7, End: 11},
		{Kind: event.Guess, FactID: "buyer-cap", Start: 44, End: 55, Source: event.ByModel},
	}
	tm.Send(runBatch(run, turnEvents(run, 1, text, anns...)))
	waitScreen(t, tm, "disclosure 1")
	screen := screen(t, tm)
	if styled := m.st.model.Render("five eighty"); !strings.Contains(screen, styled) {
		t.Errorf("the model's finding is not drawn in its style %q", styled)
	}
	if s := ansi.Strip(screen); strings.Contains(s, "guess 1") {
		t.Error("the model's finding is counted with the rules' guesses")
	}
	finalModel(t, tm)
	for _, st := range []styles{newStyles(true), newStyles(false)} {
		look := st.model.Render("x")
		for _, k := range event.Kinds {
			if st.highlight[k.Kind].Render("x") == look {
				t.Errorf("the model check looks like the rules' %s", k.Kind)
			}
		}
		if st.denied.Render("x") == look {
			t.Error("the model check looks like a denial")
		}
	}
	if w := annotationWord(anns[1]); w != event.ModelMarker+"guess (model check)" {
		t.Errorf("the model's finding is named %q", w)
	}
	if markOf(anns[1]) != modelMark || markOf(event.Annotation{Kind: event.Guess, Source: event.ByModel, Negated: true}) != deniedMark {
		t.Error("the model's finding has no mark of its own")
	}
}
