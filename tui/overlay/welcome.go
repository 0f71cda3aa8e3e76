package overlay

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// Welcome is the first screen of a game that has a welcome (omnigap
// serve): the host's words, whom the player will be, and how to begin.
// It tells no more than the player's own View: the seat's name and role.
// It has the keyboard: enter starts the game (the welcome stays until the
// game has started, so no key meets a screen without it), q leaves, the
// arrows scroll, and every other key does nothing.
type Welcome struct {
	*panel.Panel
	start    func() tea.Cmd
	starting bool
}

// WelcomeRetry tells the welcome that the game did not start, so enter
// tries again.
type WelcomeRetry struct{}

// NewWelcome welcomes the player of seat with the host's text; start is
// the command that starts the game.
func NewWelcome(c ui.Common, sc *scenario.Scenario, seat int, text string, start func() tea.Cmd) *Welcome {
	self := view.For(sc, view.Agents, seat).Self()
	st := c.Styles
	p := panel.New(c, "Welcome · "+ui.Line(sc.Title), func(w int) []string {
		out := []string{st.Seat[seat].Render(fmt.Sprintf("  You play %s (%s) against an agent.", ui.Line(self.Name), ui.Line(self.Role))),
			st.Title.Render("  Press enter to begin."), ""}
		out = append(out, ui.Para("You know only your own side, and the agent knows only its own. When the game ends, the reveal shows what your partner knew and how a writer who knew both sides played the same scene.", w, 2, st.Setting)...)
		if f := family.Of(sc.Family); f != nil && f.Prompt().PlayerRule != "" {
			out = append(out, "")
			out = append(out, ui.Para(f.Prompt().PlayerRule, w, 2, st.Setting)...)
		}
		if text != "" {
			out = append(out, "")
			out = append(out, ui.Para(text, w, 2, st.Setting)...)
		}
		out = append(out, "")
		return append(out, ui.Para("In the game: type and press enter to speak, /help lists the moves, i shows what you know (after esc, which leaves the input). To leave: esc, then q; or ctrl+c.", w, 2, st.Dim)...)
	})
	p.Hint = " enter starts · q leaves"
	return &Welcome{Panel: p, start: start}
}

// Bindings start the game, leave, and scroll.
func (w *Welcome) Bindings() []ui.Binding {
	k := w.Keys
	return []ui.Binding{
		{Key: k.General.Quit, Do: func(tea.KeyPressMsg) tea.Cmd { return tea.Quit }},
		{Key: k.Tools.Type, Do: func(tea.KeyPressMsg) tea.Cmd {
			if w.starting {
				return nil
			}
			w.starting = true
			return w.start()
		}},
		{Key: k.Navigation.Up, Do: func(tea.KeyPressMsg) tea.Cmd { w.ScrollBy(-1); return nil }},
		{Key: k.Navigation.Down, Do: func(tea.KeyPressMsg) tea.Cmd { w.ScrollBy(1); return nil }},
	}
}

// Update takes the retry after a failed start and what the panel takes;
// every key that is not bound does nothing.
func (w *Welcome) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(WelcomeRetry); ok {
		w.starting = false
	}
	return w.Panel.Update(msg)
}

// ShortHelp leaves the footer to the app.
func (w *Welcome) ShortHelp() []key.Binding { return nil }
