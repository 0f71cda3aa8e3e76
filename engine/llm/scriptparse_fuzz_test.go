package llm

import (
	"math"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/view"
)

// FuzzScriptLine: whatever line a SCRIPT writer sends, in a Craigslist, a
// MutualFriends or a Deal-or-No-Deal scene, reading it (whole or
// streamed) never panics; a turn belongs to seat 0 or 1, an offer has a
// finite price or a split, a selection names a friend of the speaker's
// list or takes a split, and a split takes of every item on the table
// between none and all.
func FuzzScriptLine(f *testing.F) {
	for _, s := range []string{
		"1. **Dana (seller):** It's a great bike.",
		"Luis [offer $450]: How about 450?",
		"buyer: [accept] Deal.",
		"Ann [select \"Jacob Reyes\"]: It's Jacob!",
		"2) Ann: *shrugs*",
		"END OF SCRIPT",
		"Dana [offer 1e999]: infinite",
		"Dana:\x1b]52;c;AAAA\x07 hi",
		"3. Avery: [propose book=2 hat=0] Both books for me.",
		"Blake: [propose {\"books\": 1, \"hat\": 1}] One of each?",
		"Avery [select 2 books, 0 hats]: The books.",
		"Blake: [propose book=99999999999999999999] All of them.",
		"Avery: [select cup=1 book=1] A cup.",
	} {
		f.Add(s)
	}
	deal := dealGame(f)
	views := []view.View{
		view.For(generate.Craigslist(3), view.Script, view.Writer),
		view.For(generate.MutualFriends(3), view.Script, view.Writer),
		view.For(deal, view.Script, view.Writer),
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, v := range views {
			s := speakers{view: v}
			for _, started := range []bool{false, true} {
				got := s.parse(line, started)
				if got.kind != lineTurn {
					continue
				}
				if got.seat != 0 && got.seat != 1 {
					t.Fatalf("%q: seat %d", line, got.seat)
				}
				a := got.action
				d, split := dond.DealOf(deal), dond.SplitOf(a)
				if split != nil && (dond.ItemsOf(v) == nil || len(split) != len(d.Items) || d.Fits(split) != nil) {
					t.Fatalf("%q: split %v in a %s scene", line, split, v.Family)
				}
				if p, ok := cl.PriceOf(a); a.Type == event.Offer && split == nil && (!ok || math.IsNaN(p) || math.IsInf(p, 0)) {
					t.Fatalf("%q: offer of %v", line, a.Arg)
				}
				if a.Type == event.Select && split == nil && !hasFriend(mf.FriendsOf(s.view.Seats[got.seat]), mf.PickOf(a)) {
					t.Fatalf("%q: selected %q, not on the speaker's list", line, mf.PickOf(a))
				}
			}
			for seat := 0; seat < 2; seat++ {
				s.partialText(line, seat)
			}
		}
	})
}

func hasFriend(list []mf.Friend, name string) bool {
	for _, fr := range list {
		if fr.Name == name {
			return true
		}
	}
	return false
}
