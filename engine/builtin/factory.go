// Package builtin is the offline, deterministic engine: rule-based players
// for Craigslist negotiations, the mutual friends game and free-form
// (Sotopia) scenarios, and a SCRIPT writer that plays both seats from the
// omniscient view. AGENTS and MINDREADERS run the same decision code and
// differ only in the knowledge their View gives; SCRIPT differs from
// MINDREADERS in being one author with one plan instead of two players.
package builtin

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Factory builds built-in backends; it implements episode.Factory.
type Factory struct{}

var _ episode.Factory = Factory{}

// Backends returns the writer for both seats in SCRIPT and one bot per seat
// otherwise, each built only from its seat's View.
func (Factory) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	return backends(sc, mode, seed, defaultSettings)
}

func backends(sc *scenario.Scenario, mode view.Mode, seed int64, s bargainSettings) ([2]run.Backend, error) {
	var out [2]run.Backend
	switch sc.Family {
	case scenario.DealOrNoDeal:
		return dondBackends(sc, mode, seed)
	case scenario.Craigslist, scenario.MutualFriends, scenario.Sotopia:
	default:
		return out, fmt.Errorf("the built-in engine cannot play %s scenarios (%s)", sc.Family, sc.ID)
	}
	ep := &shared{}
	viewers := view.Viewers(mode)
	switch {
	case viewers == nil || mode == view.Humans:
		// HUMANS seats are people; a transcript plays them.
		return out, fmt.Errorf("the built-in engine cannot play mode %s", mode)
	case viewers[0] == view.Writer:
		w := &Backend{name: WriterName, seed: seed}
		v := view.For(sc, mode, view.Writer)
		plan, err := writerPlan(v, seed)
		if err != nil {
			return out, err
		}
		for seat := range 2 {
			p, err := newPlayer(knowledgeOf(v, seat), drawTemperament(s, seed, seat), s, plan, ep)
			if err != nil {
				return out, err
			}
			w.players[seat] = p
		}
		return [2]run.Backend{w, w}, nil
	}
	for _, seat := range viewers {
		p, err := newPlayer(knowledgeOf(view.For(sc, mode, seat), seat), drawTemperament(s, seed, seat), s, nil, ep)
		if err != nil {
			return out, err
		}
		b := &Backend{name: BotName, seed: seed}
		b.players[seat] = p
		out[seat] = b
	}
	return out, nil
}

// shared is what the players of one episode share: how its turns read
// and what was said, the same for both. It holds no one's secrets.
type shared struct {
	reads readings
	said  transcript
}

// writerPlan is the writer's scene. Only Craigslist scenes have prices to
// plan; for the other families the plan only marks the player as the
// writer.
func writerPlan(v view.View, seed int64) (*scriptPlan, error) {
	if v.Family != scenario.Craigslist {
		return &scriptPlan{}, nil
	}
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
	if v.Listing != nil && v.Listing.ListingPrice > 0 {
		listing = v.Listing.ListingPrice
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
