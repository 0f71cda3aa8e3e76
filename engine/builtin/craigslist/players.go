// Package craigslist is the built-in players of Craigslist negotiations:
// a self-interested bargainer per side, who reads prices, final calls and
// agreement from what the partner says in any words, and the SCRIPT
// writer, who settles the scene on a price it plans from both sides'
// secrets. Their sentences fit the listing's scene (what changes hands,
// and whether the two meet or write).
package craigslist

import (
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func init() { builtin.Register(scenario.Craigslist, players(talk.DefaultSettings)) }

// players makes the players of an episode with temperaments drawn within
// s.
func players(s talk.Settings) builtin.Players {
	return func(views [2]view.View, seed int64) ([2]builtin.Player, error) {
		var out [2]builtin.Player
		ep := &shared{}
		var plan *scriptPlan
		if views[0].Viewer == view.Writer {
			var err error
			if plan, err = writerPlan(views[0], seed); err != nil {
				return out, err
			}
		}
		for seat, v := range views {
			p, err := newPlayer(builtin.KnowledgeOf(v, seat), cl.PublicListingOf(v), talk.DrawTemperament(s, seed, seat), s, plan, ep)
			if err != nil {
				return out, err
			}
			out[seat] = p
		}
		return out, nil
	}
}

// shared is what the players of one episode share: how its turns read
// and what was said, the same for both. It holds no one's secrets.
type shared struct {
	reads readings
	said  talk.Transcript
}

// writerPlan is the writer's scene: the prices it walks both sides
// through, from both sides' limits.
func writerPlan(v view.View, seed int64) (*scriptPlan, error) {
	var lim [2]limits
	for seat := range 2 {
		l, err := limitsOf(v.Seats[seat])
		if err != nil {
			return nil, err
		}
		if v.Seats[seat].Role == "buyer" {
			lim[1] = l
		} else {
			lim[0] = l
		}
	}
	listing := max(lim[0].target, lim[0].bottom)
	if l := cl.PublicListingOf(v); l != nil && l.ListingPrice > 0 {
		listing = l.ListingPrice
	}
	// The same limits the writer's two players hold (newBargainer).
	step := priceStep(listing)
	for side, sign := range [2]float64{1, -1} {
		if lim[side].targetOnly {
			lim[side].bottom = writerLimit(sign, lim[side].target, lim[1-side].target, step)
		} else {
			lim[side].bottom = roundLimit(sign, lim[side].bottom, 1)
		}
	}
	return newScriptPlan(lim[0], lim[1], listing, seed), nil
}
