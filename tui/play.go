package tui

import tea "charm.land/bubbletea/v2"

// PlayOptions say which seat the user plays.
type PlayOptions struct {
	Seat int
	// Welcome, when set, is shown first (overlay.Welcome); the game
	// starts when the player presses enter.
	Welcome string
	// Once makes the game the only one: r does not start another.
	Once bool
}

// startGame is the command that starts a game from its welcome; the
// welcome stays until the game has started (install closes it).
func (m *model) startGame() tea.Cmd {
	m.notice = "starting the game…"
	return m.session.restart(m.seed, m.pace)
}
