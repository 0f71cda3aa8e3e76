// Package builtin is the offline, deterministic engine: rule-based players
// that need no model, and a SCRIPT writer that plays both seats from the
// omniscient view. Each family's players live in their own package
// (engine/builtin/<family>), which registers them; engine/builtin/all
// imports every one, and engine/builtin/talk holds what they share. This
// package knows no family: it builds the backends of a run from the Views
// and hands each turn to the family's players.
//
// AGENTS and MINDREADERS run the same decision code and differ only in the
// knowledge their View gives; SCRIPT differs from MINDREADERS in being one
// author with one plan instead of two players.
package builtin

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Factory builds built-in backends with the registered players of the
// scenario's family; it implements episode.Factory.
type Factory struct{}

var _ episode.Factory = Factory{}

// Backends returns the writer for both seats in SCRIPT and one bot per seat
// otherwise, each built only from its seat's View.
func (Factory) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	p, ok := registry[sc.Family]
	if !ok {
		return [2]run.Backend{}, fmt.Errorf("the built-in engine cannot play %s scenarios (%s)", sc.Family, sc.ID)
	}
	return Backends(p, sc, mode, seed)
}

// Backends is Factory.Backends with the players given rather than looked
// up, as a family's tests give them other settings.
func Backends(p Players, sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	var out [2]run.Backend
	viewers := view.Viewers(mode)
	switch {
	case viewers == nil || mode == view.Humans:
		// HUMANS seats are people; a transcript plays them.
		return out, fmt.Errorf("the built-in engine cannot play mode %s", mode)
	case viewers[0] == view.Writer:
		v := view.For(sc, mode, view.Writer)
		players, err := p([2]view.View{v, v}, seed)
		if err != nil {
			return out, err
		}
		w := &Backend{name: WriterName, seed: seed, players: players}
		return [2]run.Backend{w, w}, nil
	}
	var views [2]view.View
	for _, seat := range viewers {
		views[seat] = view.For(sc, mode, seat)
	}
	players, err := p(views, seed)
	if err != nil {
		return out, err
	}
	for _, seat := range viewers {
		b := &Backend{name: BotName, seed: seed}
		b.players[seat] = players[seat]
		out[seat] = b
	}
	return out, nil
}
