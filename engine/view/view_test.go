package view_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// allScenarios is every built-in scenario plus a spread of generated ones.
func allScenarios(t *testing.T) []*scenario.Scenario {
	t.Helper()
	list, err := library.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	out := append([]*scenario.Scenario{}, list...)
	for seed := int64(1); seed <= 150; seed++ {
		out = append(out, generate.Craigslist(seed), generate.MutualFriends(seed))
	}
	return out
}

// mentioned reports which of facts the matcher finds in text.
func mentioned(facts []scenario.Fact, text string) map[string]bool {
	found := map[string]bool{}
	m := match.Compile(facts)
	for _, mt := range m.Find(text) {
		found[facts[mt.Fact].ID] = true
	}
	return found
}

func owned(sc *scenario.Scenario, seat int) []scenario.Fact {
	return sc.Seats[seat].Facts
}

// TestViewsDecideAccess runs every fact matcher over every rendered view:
// AGENTS never shows a partner's private fact, MINDREADERS shows them all,
// and the SCRIPT writer sees every fact of the scenario.
func TestViewsDecideAccess(t *testing.T) {
	for _, sc := range allScenarios(t) {
		for seat := 0; seat < 2; seat++ {
			partner := owned(sc, scenario.Partner(seat))
			agents := view.For(sc, view.Agents, seat)
			if got := mentioned(partner, agents.Render()); len(got) > 0 {
				t.Errorf("%s: AGENTS view of seat %d shows the partner's %v", sc.ID, seat, keys(got))
			}
			readers := mentioned(partner, view.For(sc, view.Mindreaders, seat).Render())
			for _, f := range partner {
				if !readers[f.ID] {
					t.Errorf("%s: MINDREADERS view of seat %d lacks the partner's %s", sc.ID, seat, f.ID)
				}
				if agents.Knows(f) || !view.For(sc, view.Mindreaders, seat).Knows(f) {
					t.Errorf("%s: Knows(%s) disagrees with the rendered views", sc.ID, f.ID)
				}
			}
		}
		writer := view.For(sc, view.Script, view.Writer)
		seen := mentioned(sc.Facts(), writer.Render())
		for _, f := range sc.Facts() {
			if !seen[f.ID] || !writer.Knows(f) {
				t.Errorf("%s: the SCRIPT writer's view lacks %s", sc.ID, f.ID)
			}
		}
	}
}

// TestModesShareSettingAndOwnSeat: whatever the mode, a seat is given the
// same setting and the same information about itself.
func TestModesShareSettingAndOwnSeat(t *testing.T) {
	for _, sc := range allScenarios(t) {
		for seat := 0; seat < 2; seat++ {
			base := view.For(sc, view.Agents, seat)
			for _, mode := range []view.Mode{view.Script, view.Mindreaders} {
				v := view.For(sc, mode, seat)
				if v.Setting != base.Setting || v.Title != base.Title || v.Relationship != base.Relationship ||
					v.MaxTurns != base.MaxTurns || !reflect.DeepEqual(v.Scene, base.Scene) || !reflect.DeepEqual(v.PublicFacts, base.PublicFacts) {
					t.Errorf("%s: %s and agents differ in the shared setting", sc.ID, mode)
				}
				if !reflect.DeepEqual(v.Seats[seat], base.Seats[seat]) {
					t.Errorf("%s: seat %d's own information differs between %s and agents", sc.ID, seat, mode)
				}
			}
			if a, m := base.RenderOwn(), view.For(sc, view.Mindreaders, seat).RenderOwn(); a != m {
				t.Errorf("%s: rendered own seat differs:\n%s\n---\n%s", sc.ID, a, m)
			}
		}
	}
}

func TestStrangersSeeNoProfile(t *testing.T) {
	sc := generate.Craigslist(3)
	sc.Seats[1].Character.Public = "A graduate student who cycles to campus."
	v := view.For(sc, view.Agents, 0)
	if v.Partner().Public != "" {
		t.Fatalf("a stranger's public profile was shown")
	}
	sc.Relationship = scenario.Acquaintances
	if view.For(sc, view.Agents, 0).Partner().Public == "" {
		t.Fatalf("an acquaintance's public profile was hidden")
	}
}

func keys(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return fmt.Sprint(out)
}

// TestViewersOfEachMode: SCRIPT has one viewer, the writer; the other
// modes one per seat. A HUMANS person is given exactly an AGENTS seat's
// View, never the partner's private side: real people know their own.
func TestViewersOfEachMode(t *testing.T) {
	want := map[view.Mode][]int{view.Script: {view.Writer}, view.Agents: {0, 1}, view.Mindreaders: {0, 1}, view.Humans: {0, 1}}
	for mode, w := range want {
		if got := view.Viewers(mode); !reflect.DeepEqual(got, w) {
			t.Errorf("Viewers(%s) = %v, want %v", mode, got, w)
		}
	}
	if got := view.Viewers("telepaths"); got != nil {
		t.Errorf("an unknown mode has viewers %v", got)
	}
	for _, sc := range allScenarios(t) {
		for seat := range 2 {
			humans, agents := view.For(sc, view.Humans, seat), view.For(sc, view.Agents, seat)
			if humans.Mode != view.Humans || humans.Viewer != seat {
				t.Fatalf("%s: the HUMANS view of seat %d is mode %s, viewer %d", sc.ID, seat, humans.Mode, humans.Viewer)
			}
			if humans.Render() != agents.Render() {
				t.Errorf("%s: seat %d's HUMANS view differs from its AGENTS view:\n%s\n---\n%s", sc.ID, seat, humans.Render(), agents.Render())
			}
			for _, f := range sc.Facts() {
				if humans.Knows(f) != agents.Knows(f) {
					t.Errorf("%s: seat %d's HUMANS view knows %s: %v, its AGENTS view %v", sc.ID, seat, f.ID, humans.Knows(f), agents.Knows(f))
				}
			}
			partner := owned(sc, scenario.Partner(seat))
			if got := mentioned(partner, humans.Render()); len(got) > 0 {
				t.Errorf("%s: seat %d's HUMANS view shows the partner's %v", sc.ID, seat, keys(got))
			}
		}
	}
}
