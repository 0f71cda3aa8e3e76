// Package builtin is the offline, deterministic engine: rule-based players
// for Craigslist negotiations and the mutual friends game, and a SCRIPT
// writer that plays both seats from the omniscient view. The same decision
// code runs in every mode; only the knowledge it is given differs.
package builtin

import (
	"errors"
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// ErrFreeForm is returned for scenarios only a language model can play.
var ErrFreeForm = errors.New("the built-in engine cannot play free-form scenarios")

// Factory builds built-in backends; it implements episode.Factory.
type Factory struct{}

var _ episode.Factory = Factory{}

// Backends returns the writer for both seats in SCRIPT and one bot per seat
// otherwise, each built only from its seat's View.
func (Factory) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	var out [2]run.Backend
	switch sc.Family {
	case scenario.DealOrNoDeal:
		return dondBackends(sc, mode, seed)
	case scenario.Craigslist, scenario.MutualFriends:
	case scenario.Sotopia:
		return out, fmt.Errorf("%w: %s needs a language model; use an LLM endpoint with --backend openai (set --base-url, and OPENAI_API_KEY if the endpoint needs a key)", ErrFreeForm, sc.ID)
	default:
		return out, fmt.Errorf("the built-in engine cannot play %s scenarios (%s)", sc.Family, sc.ID)
	}
	switch mode {
	case view.Script:
		w := &Backend{name: WriterName, seed: seed}
		v := view.For(sc, mode, view.Writer)
		for seat := range 2 {
			p, err := newPlayer(knowledgeOf(v, seat), false)
			if err != nil {
				return out, err
			}
			w.players[seat] = p
		}
		return [2]run.Backend{w, w}, nil
	case view.Agents, view.Mindreaders:
		for seat := range 2 {
			p, err := newPlayer(knowledgeOf(view.For(sc, mode, seat), seat), true)
			if err != nil {
				return out, err
			}
			b := &Backend{name: BotName, seed: seed}
			b.players[seat] = p
			out[seat] = b
		}
		return out, nil
	}
	return out, fmt.Errorf("the built-in engine cannot play mode %s", mode)
}
