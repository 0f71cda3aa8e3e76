package llm

import (
	"math"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// FuzzScriptLine: whatever line a SCRIPT writer sends, in either family,
// reading it (whole or streamed) never panics; a turn belongs to seat 0
// or 1, an offer has a finite price and a selection names a friend of the
// speaker's list.
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
	} {
		f.Add(s, true)
	}
	views := map[bool]view.View{
		true:  view.For(generate.Craigslist(3), view.Script, view.Writer),
		false: view.For(generate.MutualFriends(3), view.Script, view.Writer),
	}
	f.Fuzz(func(t *testing.T, line string, craigslist bool) {
		s := speakers{view: views[craigslist]}
		for _, started := range []bool{false, true} {
			got := s.parse(line, started)
			if got.kind != lineTurn {
				continue
			}
			if got.seat != 0 && got.seat != 1 {
				t.Fatalf("%q: seat %d", line, got.seat)
			}
			a := got.action
			if a.Type == event.Offer && (a.Price == nil || math.IsNaN(*a.Price) || math.IsInf(*a.Price, 0)) {
				t.Fatalf("%q: offer of %v", line, a.Price)
			}
			if a.Type == event.Select && !hasFriend(s.view.Seats[got.seat].Friends, a.Friend) {
				t.Fatalf("%q: selected %q, not on the speaker's list", line, a.Friend)
			}
		}
		for seat := 0; seat < 2; seat++ {
			s.partialText(line, seat)
		}
	})
}

func hasFriend(list []scenario.Friend, name string) bool {
	for _, fr := range list {
		if fr.Name == name {
			return true
		}
	}
	return false
}
