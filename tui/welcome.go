package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// welcomeDoc is the first screen of a game that has a welcome (omnigap
// serve): the host's words, whom the player will be, and how to begin.
// It tells no more than the player's own View: the seat's name and role.
func welcomeDoc(sc *scenario.Scenario, play *PlayOptions, st *styles) *doc {
	self := view.For(sc, view.Agents, play.Seat).Self()
	return &doc{title: "Welcome · " + oneLine(sc.Title), hint: " enter starts · q leaves", build: func(w int) []string {
		out := []string{st.seat[play.Seat].Render(fmt.Sprintf("  You play %s (%s) against an agent.", oneLine(self.Name), oneLine(self.Role))),
			st.title.Render("  Press enter to begin."), ""}
		out = append(out, para("You know only your own side, and the agent knows only its own. When the game ends, the reveal shows what your partner knew and how a writer who knew both sides played the same scene.", w, 2, st.setting)...)
		if play.Welcome != "" {
			out = append(out, "")
			out = append(out, para(play.Welcome, w, 2, st.setting)...)
		}
		out = append(out, "")
		return append(out, para("In the game: type and press enter to speak, /help lists the moves, esc leaves the input, i shows what you know, q quits.", w, 2, st.dim)...)
	}}
}

// welcomeKey handles keys while the welcome shows: enter starts the game
// (the welcome stays until it has started: install closes it), q and
// ctrl+c leave, the arrows scroll; every other key does nothing.
func (m *model) welcomeKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.General.Quit, k.General.Interrupt):
		return tea.Quit
	case key.Matches(msg, k.Tools.Type) && !m.starting:
		m.starting = true
		m.notice = "starting the game…"
		return m.s.restart(m.seed, m.pace)
	case key.Matches(msg, k.Navigation.Up):
		m.panel.scrollBy(-1)
	case key.Matches(msg, k.Navigation.Down):
		m.panel.scrollBy(1)
	}
	return nil
}
