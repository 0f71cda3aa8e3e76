package sotopia

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// freeSeeds is how many seeds each imported free-form combo plays in each
// mode.
const freeSeeds = 4

// TestImportedFreeFormEndingsDiffer: the 300 imported free-form combos do
// not all end the same way. The writer settles every scene and the
// characters say goodbye; two agents, who have only each other's word for
// what the other wants, sometimes hold out for their own aim until the
// turn limit. No turn repeats an earlier one, and no line reads a goal's
// label ("Extra information:") or a hint aloud.
func TestImportedFreeFormEndingsDiffer(t *testing.T) {
	free := importedOf(t, scenario.Sotopia)
	if len(free) == 0 {
		t.Fatal("no free-form combos imported")
	}
	ends := map[view.Mode]map[event.EndReason]int{}
	for _, mode := range view.Modes {
		ends[mode] = map[event.EndReason]int{}
		for _, sc := range free {
			for seed := int64(1); seed <= freeSeeds; seed++ {
				end, turns := playBuiltin(t, sc, mode, seed)
				ends[mode][end.Reason]++
				seen := map[string]bool{}
				for _, tn := range turns {
					text := tn.Action.Text
					if seen[text] {
						t.Errorf("%s %s seed %d: %q said twice", sc.ID, mode, seed, text)
					}
					seen[text] = true
					if low := strings.ToLower(text); strings.Contains(low, "extra information") || strings.Contains(low, "hint:") {
						t.Errorf("%s %s seed %d: %q reads out a goal's markup", sc.ID, mode, seed, text)
					}
				}
			}
		}
		t.Logf("%s over %d free-form combos × %d seeds: %v", mode, len(free), freeSeeds, ends[mode])
	}
	n := len(free) * freeSeeds
	if got := ends[view.Script][event.SeatLeft]; got != n {
		t.Errorf("SCRIPT settled %d of %d scenes, want all", got, n)
	}
	if got := ends[view.Agents][event.TurnLimit]; got < n/10 || got > n*6/10 {
		t.Errorf("AGENTS ran out of turns in %d of %d episodes, want between a tenth and six tenths", got, n)
	}
	if ends[view.Mindreaders][event.TurnLimit] >= ends[view.Agents][event.TurnLimit] {
		t.Errorf("MINDREADERS ran out of turns as often as AGENTS: %v against %v", ends[view.Mindreaders], ends[view.Agents])
	}
}

// TestGoalLabelsAreNotNames: the labels Sotopia puts before a goal's
// private details and hints ("Extra information:", "Hint:") are not read
// as names the goal's owner keeps to itself.
func TestGoalLabelsAreNotNames(t *testing.T) {
	for _, im := range imported(t).Scenarios {
		for _, f := range leak.Facts(im.Scenario) {
			if strings.HasSuffix(f.ID, "-name-extra") || strings.HasSuffix(f.ID, "-name-hint") {
				t.Errorf("%s: fact %s", im.Scenario.ID, f.ID)
			}
		}
	}
}
