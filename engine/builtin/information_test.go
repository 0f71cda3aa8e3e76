package builtin

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// withSellerPrices returns a copy of a Craigslist scenario with the
// seller's private prices replaced.
func withSellerPrices(sc *scenario.Scenario, target, bottom float64) *scenario.Scenario {
	c := *sc
	l := *sc.Craigslist
	l.Seller = scenario.PriceLimits{Target: target, Bottomline: bottom}
	c.Craigslist = &l
	c.Seats = append([]scenario.Seat(nil), sc.Seats...)
	for i := range c.Seats {
		c.Seats[i].Facts = nil
	}
	c.EnvFacts, c.PublicFacts = nil, nil
	c.Normalize()
	return &c
}

// replay asks a backend for the turn after each prefix of history.
func replay(t *testing.T, b run.Backend, seat int, history []run.Turn) []event.Action {
	t.Helper()
	var out []event.Action
	for n := range history {
		if history[n].Seat != seat {
			continue
		}
		res, err := b.Turn(t.Context(), run.Request{Seat: seat, Turn: n + 1, History: history[:n]})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, res.Action)
	}
	return out
}

func historyOf(events []event.Event) []run.Turn {
	var h []run.Turn
	for _, ev := range turns(events) {
		h = append(h, run.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
	}
	return h
}

// An AGENTS buyer built from a scenario whose seller has other private
// prices plays every turn of a recorded dialogue exactly the same: it never
// looks at the partner's facts. A MINDREADERS buyer does.
func TestAgentsNeverUsePartnerFacts(t *testing.T) {
	mindsDiffer := 0
	for seed := int64(1); seed <= 60; seed++ {
		sc := generate.Craigslist(seed)
		l := sc.Craigslist
		other := withSellerPrices(sc, l.Seller.Target-3, l.Seller.Bottomline*0.7)
		for _, mode := range []view.Mode{view.Agents, view.Mindreaders, view.Script} {
			history := historyOf(play(t, sc, mode, seed))
			a, _ := Factory{}.Backends(sc, view.Agents, seed)
			b, _ := Factory{}.Backends(other, view.Agents, seed)
			if got, want := replay(t, b[scenario.BuyerSeat], scenario.BuyerSeat, history), replay(t, a[scenario.BuyerSeat], scenario.BuyerSeat, history); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, %s dialogue: the AGENTS buyer changed with the seller's private prices:\n%+v\n%+v", seed, mode, got, want)
			}
			ma, _ := Factory{}.Backends(sc, view.Mindreaders, seed)
			mb, _ := Factory{}.Backends(other, view.Mindreaders, seed)
			if !reflect.DeepEqual(replay(t, ma[1], 1, history), replay(t, mb[1], 1, history)) {
				mindsDiffer++
			}
		}
	}
	if mindsDiffer == 0 {
		t.Error("the MINDREADERS buyer never used the seller's prices")
	}
}

// Whole episodes: with only the seller's bottomline changed, the AGENTS
// dialogue is identical until the seller's own behaviour differs, and the
// buyer's turns before that are the same.
func TestAgentsEpisodeUnchangedUntilPartnerDiffers(t *testing.T) {
	for seed := int64(1); seed <= 100; seed++ {
		sc := generate.Craigslist(seed)
		l := sc.Craigslist
		other := withSellerPrices(sc, l.Seller.Target, l.Seller.Bottomline-l.ListingPrice*0.1)
		a, b := turns(play(t, sc, view.Agents, seed)), turns(play(t, other, view.Agents, seed))
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i].Seat == scenario.SellerSeat && !reflect.DeepEqual(a[i].Action, b[i].Action) {
				break // the seller itself acts on its changed bottomline
			}
			if !reflect.DeepEqual(a[i].Action, b[i].Action) {
				t.Fatalf("seed %d turn %d: buyer differs before the seller did: %+v vs %+v", seed, i+1, a[i].Action, b[i].Action)
			}
		}
	}
}

// The same holds for friend lists: an AGENTS player's turns do not depend
// on the partner's list beyond what the partner says.
func TestAgentsNeverUsePartnerFriendList(t *testing.T) {
	for seed := int64(1); seed <= 60; seed++ {
		sc := generate.MutualFriends(seed)
		mine, theirs := sc.Friends.Mutual()
		// Seat 1 gets strangers only, plus one of seat 0's friends other
		// than the real mutual friend: a player that looked at seat 1's
		// list would now pick someone else.
		lists := *sc.Friends
		lists.Lists[1] = nil
		for k := range sc.Friends.Lists[1] {
			fr := scenario.Friend{Name: fmt.Sprintf("Stranger Number%d", k), Values: map[string]string{}}
			for _, a := range sc.Friends.Attributes {
				fr.Values[a] = "Nowhere " + a
			}
			if k == theirs {
				fr = sc.Friends.Lists[0][(mine+1)%len(sc.Friends.Lists[0])]
			}
			lists.Lists[1] = append(lists.Lists[1], fr)
		}
		other := *sc
		other.Friends = &lists
		history := historyOf(play(t, sc, view.Agents, seed))
		a, _ := Factory{}.Backends(sc, view.Agents, seed)
		b, _ := Factory{}.Backends(&other, view.Agents, seed)
		if !reflect.DeepEqual(replay(t, a[0], 0, history), replay(t, b[0], 0, history)) {
			t.Fatalf("seed %d: the AGENTS player of seat 0 changed with seat 1's list", seed)
		}
		ma, _ := Factory{}.Backends(sc, view.Mindreaders, seed)
		mb, _ := Factory{}.Backends(&other, view.Mindreaders, seed)
		if reflect.DeepEqual(replay(t, ma[0], 0, history), replay(t, mb[0], 0, history)) {
			t.Fatalf("seed %d: the MINDREADERS player of seat 0 ignored seat 1's list", seed)
		}
	}
}
