package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// PlayOptions say which seat the user plays.
type PlayOptions struct {
	Seat int
	// Welcome, when set, is shown first (overlay.Welcome); the game
	// starts when the player presses enter.
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

// startGame is the command that starts a game from its welcome; the
// welcome stays until the game has started (install closes it).
func (m *model) startGame() tea.Cmd {
	m.notice = "starting the game…"
	return m.session.restart(m.seed, m.pace)
}
