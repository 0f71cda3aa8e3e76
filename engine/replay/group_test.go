package replay_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
)

// Recordings of several scenarios open as one set per scenario, in the
// order first named, each with its modes in the usual order; a second
// recording of a mode opens as a second set of its scenario, never as an
// error.
func TestGroupOpensASetPerScenario(t *testing.T) {
	paths, err := filepath.Glob("../../recordings/*.jsonl")
	if err != nil || len(paths) != 6 {
		t.Fatalf("shipped recordings %v, %v", paths, err)
	}
	slices.Reverse(paths) // mutualfriends first, modes backwards
	again := paths[0]
	sets, err := replay.Group(context.Background(), nil, append(paths, again))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range sets {
		got = append(got, s.Scenario.ID)
		want := []view.Mode{view.Script, view.Agents, view.Mindreaders}
		if s == sets[2] {
			want = []view.Mode{sets[2].Modes[0]}
		}
		if !slices.Equal(s.Modes, want) {
			t.Errorf("%s: modes %v, want %v", s.Scenario.ID, s.Modes, want)
		}
	}
	if want := []string{"mutualfriends/alumni-mixer", "craigslist/road-bike", "mutualfriends/alumni-mixer"}; !slices.Equal(got, want) {
		t.Fatalf("sets %v, want %v", got, want)
	}
	if p := sets[2].Recording(sets[2].Modes[0]).Path; p != again {
		t.Errorf("the second set plays %s, want %s", p, again)
	}
}
