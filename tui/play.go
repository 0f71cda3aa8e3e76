package tui

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// PlayOptions say which seat the user plays.
type PlayOptions struct {
	Seat int
	// Welcome, when set, is shown first (welcome.go); the game starts
	// when the player presses enter.
	Welcome string
	// Once makes the game the only one: r does not start another.
	Once bool
}

// seatFactory builds a run's backends and puts the player in one seat, so
// the recording names the human as that seat's backend from the start.
type seatFactory struct {
	episode.Factory
	seat   int
	player *human.Backend
}

func (f seatFactory) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	b, err := f.Factory.Backends(sc, mode, seed)
	if err != nil {
		return b, err
	}
	b[f.seat] = f.player
	return b, nil
}

// ownDoc is the player's `i` panel before the end: their own View, exactly
// what an AGENTS bot in their seat would be given, and the moves.
func ownDoc(sc *scenario.Scenario, seat int, st *styles) *doc {
	v := view.For(sc, view.Agents, seat)
	return &doc{title: "What you know · " + oneLine(v.Self().Name), build: func(w int) []string {
		out := []string{st.seat[seat].Render(fmt.Sprintf("You play %s (%s, seat %d)", oneLine(v.Self().Name), oneLine(v.Self().Role), seat)), ""}
		out = append(out, para(v.Render(), w, 2, st.setting)...)
		out = append(out, "", st.title.Render("Moves"))
		return append(out, para(human.Help(sc.Family), w, 2, st.setting)...)
	}}
}
