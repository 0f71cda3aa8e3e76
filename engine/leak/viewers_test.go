package leak

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// TestGivenViewsAreTheModesViews: wherever a mode's viewers are the seats
// (AGENTS, MINDREADERS, HUMANS), what the annotator takes a seat to have
// been given is what that seat's View holds; a SCRIPT line is held to its
// character's AGENTS view, not to the writer's.
func TestGivenViewsAreTheModesViews(t *testing.T) {
	files, _ := filepath.Glob("../../scenarios/*.yaml")
	if len(files) == 0 {
		t.Fatal("no built-in scenario files")
	}
	for _, file := range files {
		sc, err := scenario.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p := Prepare(sc)
		for _, mode := range append(slices.Clone(view.Modes), view.Humans) {
			a := p.New(mode)
			for _, viewer := range view.Viewers(mode) {
				seats, v := []int{viewer}, view.For(sc, mode, viewer)
				if viewer == view.Writer {
					seats = []int{0, 1}
				}
				for _, seat := range seats {
					if viewer == view.Writer {
						v = view.For(sc, view.Agents, seat)
					}
					if got, want := a.given[seat], p.holds(v); !slices.Equal(got, want) {
						t.Errorf("%s %s seat %d: the annotator's given view %v, the View holds %v", sc.ID, mode, seat, got, want)
					}
				}
			}
		}
	}
}

// TestNoPartnerFactSeemsKnown: no wording of a built-in scenario's facts
// (phrases, paraphrases, synonyms, relations) turns up in what the
// partner is given, which would make the fact seem known to the partner
// and never annotated when said.
func TestNoPartnerFactSeemsKnown(t *testing.T) {
	files, _ := filepath.Glob("../../scenarios/*.yaml")
	for _, file := range files {
		sc, err := scenario.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p := Prepare(sc)
		for seat := 0; seat < 2; seat++ {
			for f, fact := range p.facts {
				if fact.Owner == scenario.Owner(scenario.Partner(seat)) && p.could[seat][f] {
					t.Errorf("%s: seat %d's view seems to hold the partner's %s", sc.ID, seat, fact.ID)
				}
			}
		}
	}
}
