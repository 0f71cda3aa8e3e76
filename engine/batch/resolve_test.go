package batch

import (
	"testing"

	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
)

// A scenario's modes share one resolve, and each gets a copy of its own.
func TestResolverResolvesEachScenarioOnceAndHandsOutCopies(t *testing.T) {
	calls := 0
	r := newResolver(func(ref string, seed int64) (*scenario.Scenario, error) {
		calls++
		return library.Resolve(ref, seed)
	}, 2)
	first, err := r.get("craigslist/gen-*", 7)
	if err != nil {
		t.Fatal(err)
	}
	first.Title = "changed by one run"
	second, _ := r.get("craigslist/gen-*", 7)
	if calls != 1 {
		t.Errorf("resolved %d times for two modes of one scenario", calls)
	}
	if second.Title == first.Title {
		t.Error("a run's change reached another run's copy")
	}
	want, _ := library.Resolve("craigslist/gen-*", 7)
	if second.Title != want.Title || second.ID != want.ID {
		t.Errorf("copy %q (%s), want %q (%s)", second.Title, second.ID, want.Title, want.ID)
	}
	// Older scenarios make room for new ones.
	r.get("craigslist/gen-*", 8)
	r.get("craigslist/gen-*", 9)
	r.get("craigslist/gen-*", 7)
	if calls != 4 {
		t.Errorf("%d resolves; the oldest of three should have been dropped and resolved again", calls)
	}
}
