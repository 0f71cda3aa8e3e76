package sotopia

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// bargainSeeds is how many seeds each imported Craigslist combo plays in
// each mode.
const bargainSeeds = 6

// TestImportedBargainsTellTheStudysStory: Sotopia's Craigslist combos give
// one target per side and no bottomline. Over the 50 combos and several
// seeds, the built-in modes come out in the study's order (SCRIPT, the
// omniscient writer, closes nearly every scene; MINDREADERS in between;
// AGENTS least), AGENTS fail from how the haggling went (turn limit, a
// late walk-out, a rejected final offer), not at once, and every price
// said is a price people say: no cents, and in whole steps of $5 or more
// on listings of $100 or more.
func TestImportedBargainsTellTheStudysStory(t *testing.T) {
	bargains := importedOf(t, scenario.Craigslist)
	if len(bargains) != 50 {
		t.Fatalf("%d imported Craigslist combos, want 50", len(bargains))
	}
	rate := map[view.Mode]float64{}
	for _, mode := range view.Modes {
		deals, n, early := 0, 0, 0
		failures := map[event.EndReason]int{}
		for _, sc := range bargains {
			for seed := int64(1); seed <= bargainSeeds; seed++ {
				end, turns := playBuiltin(t, sc, mode, seed)
				n++
				if end.Outcome.Good() {
					deals++
				} else {
					failures[end.Reason]++
					if len(turns) < 4 {
						early++
					}
				}
				checkSpokenPrices(t, sc, mode, seed, turns)
			}
		}
		rate[mode] = float64(deals) / float64(n)
		t.Logf("%s: %d of %d deals (%.2f); failures %v, %d before turn 4", mode, deals, n, rate[mode], failures, early)
		if early > 0 {
			t.Errorf("%s: %d failed episodes ended before turn 4", mode, early)
		}
		if mode == view.Agents && len(failures) < 2 {
			t.Errorf("AGENTS failures are of one kind only: %v", failures)
		}
	}
	if rate[view.Script] < 0.9 {
		t.Errorf("SCRIPT deal rate %.2f, want at least 0.9", rate[view.Script])
	}
	if rate[view.Mindreaders] > rate[view.Script]-0.05 || rate[view.Mindreaders] < rate[view.Agents]+0.05 {
		t.Errorf("MINDREADERS deal rate %.2f is not between AGENTS %.2f and SCRIPT %.2f", rate[view.Mindreaders], rate[view.Agents], rate[view.Script])
	}
	if rate[view.Agents] > rate[view.Script]-0.2 {
		t.Errorf("AGENTS deal rate %.2f is not well below SCRIPT %.2f", rate[view.Agents], rate[view.Script])
	}
}

// checkSpokenPrices fails on a price a player said that people would not
// say: one with cents, or one off the $5 grid on a listing of $100 or
// more. The listing's own words, which a player may quote, are left out.
func checkSpokenPrices(t *testing.T, sc *scenario.Scenario, mode view.Mode, seed int64, turns []event.Turn) {
	t.Helper()
	listing := cl.ListingOf(sc).ListingPrice
	grain := 1.0
	if listing >= 100 {
		grain = 5
	}
	for _, tn := range turns {
		text := strings.ReplaceAll(tn.Action.Text, strings.TrimSpace(cl.ListingOf(sc).Description), "")
		prices := amount.Amounts(text)
		if p, ok := cl.PriceOf(tn.Action); ok {
			prices = append(prices, p)
		}
		for _, p := range prices {
			if p < listing/5 || p > listing*3 {
				continue // not a price: "two levels", "24-inch"
			}
			if r := p / grain; math.Abs(r-math.Round(r)) > 1e-9 {
				t.Errorf("%s %s seed %d: %q says %v", sc.ID, mode, seed, tn.Action.Text, p)
				break
			}
		}
	}
}

// TestImportedListingsNameTheirItem: the item is read from every Craigslist
// scenario text, without the words around it ("for sale", "for a price of").
func TestImportedListingsNameTheirItem(t *testing.T) {
	for _, im := range imported(t).Scenarios {
		l := cl.ListingOf(im.Scenario)
		if l == nil {
			continue
		}
		low := strings.ToLower(l.Item)
		if low == "the item" || strings.Contains(low, "for sale") || strings.Contains(low, "price") {
			t.Errorf("%s: item %q", im.Scenario.ID, l.Item)
		}
	}
}

// TestImportedEpisodesAreDeterministic: an imported combo played twice with
// the same seed says the same turns, in every family and mode.
func TestImportedEpisodesAreDeterministic(t *testing.T) {
	seen := map[scenario.Family]bool{}
	for _, im := range imported(t).Scenarios {
		sc := im.Scenario
		if seen[sc.Family] {
			continue
		}
		seen[sc.Family] = true
		for _, mode := range view.Modes {
			_, a := playBuiltin(t, sc, mode, 7)
			_, b := playBuiltin(t, sc, mode, 7)
			if len(a) != len(b) {
				t.Fatalf("%s %s: %d turns, then %d", sc.ID, mode, len(a), len(b))
			}
			for i := range a {
				if a[i].Action.Text != b[i].Action.Text {
					t.Errorf("%s %s turn %d: %q, then %q", sc.ID, mode, i+1, a[i].Action.Text, b[i].Action.Text)
				}
			}
		}
	}
	if len(seen) < 4 {
		t.Errorf("only %d families imported", len(seen))
	}
}
