package human_test

import (
	"math"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/view"
)

// FuzzParse: whatever a player types, in either family and after any
// move, Parse returns a move or a reason and never panics; an offer's
// price is a finite positive amount and a selection names a friend of the
// player's own list.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"/offer 450", "/offer $1.2k", "/accept", "/select Jacob", "/act shrugs", "/leave", "/help", "hello there", "/offer 1e400", "/offer -5", "/select \x1b]52;c;AA\x07", "/OFFER\t٣٠٠"} {
		f.Add(s, true)
	}
	views := map[bool]view.View{
		true:  view.For(generate.Craigslist(3), view.Agents, craigslist.BuyerSeat),
		false: view.For(generate.MutualFriends(3), view.Agents, 0),
	}
	offered := []event.Turn{{Number: 1, Seat: 0, Action: event.Action{Type: event.Offer, Arg: craigslist.Price(500), Text: "500?"}}}
	f.Fuzz(func(t *testing.T, input string, bargain bool) {
		v := views[bargain]
		for _, history := range [][]event.Turn{nil, offered} {
			a, err := human.Parse(input, v, history)
			if err != nil {
				continue
			}
			if p, ok := craigslist.PriceOf(a); a.Type == event.Offer && (!ok || math.IsNaN(p) || math.IsInf(p, 0) || p <= 0) {
				t.Fatalf("%q: offer of %v", input, a.Arg)
			}
			if a.Type == event.Select && !ownFriend(v, mutualfriends.PickOf(a)) {
				t.Fatalf("%q: selected %q, not in the player's list", input, mutualfriends.PickOf(a))
			}
		}
	})
}

func ownFriend(v view.View, name string) bool {
	for _, fr := range mutualfriends.FriendsOf(v.Self()) {
		if fr.Name == name {
			return true
		}
	}
	return false
}
