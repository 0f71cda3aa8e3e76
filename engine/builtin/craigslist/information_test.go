package craigslist

import (
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// withSellerPrices returns a copy of a Craigslist scenario with the
// seller's private prices replaced.
func withSellerPrices(sc *scenario.Scenario, target, bottom float64) *scenario.Scenario {
	c := *sc
	l := *cl.ListingOf(sc)
	l.Seller = cl.PriceLimits{Target: target, Bottomline: bottom}
	c.Data = &l
	c.Seats = append([]scenario.Seat(nil), sc.Seats...)
	for i := range c.Seats {
		c.Seats[i].Facts = nil
	}
	c.EnvFacts, c.PublicFacts = nil, nil
	c.Normalize()
	return &c
}

// An AGENTS buyer built from a scenario whose seller has other private
// prices plays every turn of a recorded dialogue exactly the same: it never
// looks at the partner's facts. A MINDREADERS buyer does.
func TestAgentsNeverUsePartnerFacts(t *testing.T) {
	mindsDiffer := 0
	for seed := int64(1); seed <= 60; seed++ {
		sc := generate.Craigslist(seed)
		l := cl.ListingOf(sc)
		other := withSellerPrices(sc, l.Seller.Target-3, l.Seller.Bottomline*0.7)
		for _, mode := range []view.Mode{view.Agents, view.Mindreaders, view.Script} {
			history := builtintest.History(builtintest.Play(t, sc, mode, seed))
			a, _ := builtin.Factory{}.Backends(sc, view.Agents, seed)
			b, _ := builtin.Factory{}.Backends(other, view.Agents, seed)
			if got, want := builtintest.Replay(t, b[cl.BuyerSeat], cl.BuyerSeat, history), builtintest.Replay(t, a[cl.BuyerSeat], cl.BuyerSeat, history); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, %s dialogue: the AGENTS buyer changed with the seller's private prices:\n%+v\n%+v", seed, mode, got, want)
			}
			ma, _ := builtin.Factory{}.Backends(sc, view.Mindreaders, seed)
			mb, _ := builtin.Factory{}.Backends(other, view.Mindreaders, seed)
			if !reflect.DeepEqual(builtintest.Replay(t, ma[1], 1, history), builtintest.Replay(t, mb[1], 1, history)) {
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
		l := cl.ListingOf(sc)
		other := withSellerPrices(sc, l.Seller.Target, l.Seller.Bottomline-l.ListingPrice*0.1)
		a, b := builtintest.Turns(builtintest.Play(t, sc, view.Agents, seed)), builtintest.Turns(builtintest.Play(t, other, view.Agents, seed))
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i].Seat == cl.SellerSeat && !reflect.DeepEqual(a[i].Action, b[i].Action) {
				break // the seller itself acts on its changed bottomline
			}
			if !reflect.DeepEqual(a[i].Action, b[i].Action) {
				t.Fatalf("seed %d turn %d: buyer differs before the seller did: %+v vs %+v", seed, i+1, a[i].Action, b[i].Action)
			}
		}
	}
}
