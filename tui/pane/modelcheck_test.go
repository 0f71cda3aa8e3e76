package pane

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/tui/ui"
)

// TestModelCheckHasALookAndNameOfItsOwn: the model's leak check's
// findings look unlike every kind's and a denial's (in colour and in
// attributes alone, for NO_COLOR), are named as the model check's with
// its marker, and have a mark of their own that a denial still beats.
func TestModelCheckHasALookAndNameOfItsOwn(t *testing.T) {
	for _, st := range []ui.Styles{ui.NewStyles(true), ui.NewStyles(false)} {
		look := st.Model.Render("x")
		for _, k := range event.Kinds {
			if st.Highlight[k.Kind].Render("x") == look {
				t.Errorf("the model check looks like the rules' %s", k.Kind)
			}
		}
		if st.Denied.Render("x") == look {
			t.Error("the model check looks like a denial")
		}
	}
	finding := event.Annotation{Kind: event.Guess, FactID: "buyer-cap", Start: 44, End: 55, Source: event.ByModel}
	if w := AnnotationWord(finding); w != event.ModelMarker+"guess (model check)" {
		t.Errorf("the model's finding is named %q", w)
	}
	if highlight.Of(finding) != highlight.Model() || highlight.Of(event.Annotation{Kind: event.Guess, Source: event.ByModel, Negated: true}) != highlight.Denied() {
		t.Error("the model's finding has no mark of its own")
	}
}
