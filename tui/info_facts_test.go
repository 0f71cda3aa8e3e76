package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/tui/overlay"
	"github.com/omnigap/omnigap/tui/ui"
)

// TestInfoPanelListsEveryAnnotatedFact: the `i` panel's who-knows-what
// matrix has a row for every fact a run is annotated with, the facts a
// free-form family derives from the goals included.
func TestInfoPanelListsEveryAnnotatedFact(t *testing.T) {
	sc, err := library.Resolve("sotopia/borrowed-money", 1)
	if err != nil {
		t.Fatal(err)
	}
	st := ui.NewStyles(true)
	text := ansi.Strip(strings.Join(overlay.InfoLines(sc, 400, &st), "\n"))
	facts := leak.Facts(sc)
	if !slices.ContainsFunc(facts, func(f scenario.Fact) bool { return f.Derived }) {
		t.Fatal("borrowed-money has no fact derived from its goals; the test wants one")
	}
	for _, f := range facts {
		if !strings.Contains(text, f.Text) {
			t.Errorf("the info panel lacks the annotated fact %s (%q)", f.ID, f.Text)
		}
	}
}
