package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/tui/ui"
)

// appKeys are the keys that act wherever the app is, whatever is open
// (unless a layer on top takes every key): playback, the focus, the
// panels, help and quitting. It is the bottom layer of the stack.
type appKeys struct{ m *model }

// do makes a binding's handler of a function without a command.
func do(f func()) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd { f(); return nil }
}

func (a *appKeys) Bindings() []ui.Binding {
	m := a.m
	k := m.keys
	out := []ui.Binding{
		{Key: k.General.Quit, Do: func(tea.KeyPressMsg) tea.Cmd { return m.quit() }},
		{Key: k.General.Help, Do: do(m.openHelp)},
		{Key: k.Playback.Pause, Do: do(func() { m.setPaused(!m.paused) })},
		{Key: k.Playback.Step, Do: do(m.step), Disabled: func() string {
			if !m.paused {
				return "n steps paused runs: pause first with space"
			}
			return ""
		}},
		{Key: k.Playback.Faster, Do: do(func() { m.setPace(-1) })},
		{Key: k.Playback.Slower, Do: do(func() { m.setPace(+1) })},
		{Key: k.Playback.Restart, Do: func(tea.KeyPressMsg) tea.Cmd { return m.restart() }},
		{Key: k.Navigation.Sync, Do: do(m.toggleLock)},
		{Key: k.Panes.Next, Do: do(func() { m.setFocus((m.focus + 1) % len(m.panes)) })},
		{Key: k.Panes.Prev, Do: do(func() { m.setFocus((m.focus + len(m.panes) - 1) % len(m.panes)) })},
	}
	for i, o := range overlays {
		out = append(out, ui.Binding{Key: k.Overlays[i], Do: do(func() { m.toggleOverlay(o) })})
	}
	return append(out,
		// The prompt audit folds and unfolds the reasoning (its own z);
		// elsewhere z says where.
		ui.Binding{Key: k.Panes.Unfold, Disabled: func() string {
			return "z folds and unfolds the models' reasoning in the prompt audit: p opens it"
		}},
		ui.Binding{Key: k.Tools.Reveal, Do: do(m.openReveal), Disabled: func() string {
			if !m.revealed {
				return "the reveal comes when the game ends"
			}
			return ""
		}},
	)
}

func (a *appKeys) Update(tea.Msg) tea.Cmd   { return nil }
func (a *appKeys) SetSize(int, int)         {}
func (a *appKeys) Render(int, int) []string { return nil }

// ShortHelp is the footer's usual line; while the user plays a seat, it
// leads with the keys of playing it.
func (a *appKeys) ShortHelp() []key.Binding {
	m, k := a.m, a.m.keys
	if m.sideSeat() < 0 || m.presenter != nil {
		return k.ShortHelp()
	}
	var keys []key.Binding
	if m.play != nil && m.revealed {
		// The game is over: nothing plays, the reveal is a key away.
		keys = append(keys, k.Tools.Reveal, m.sideKey())
		if !m.play.Once {
			keys = append(keys, ui.Relabel(k.Playback.Restart, "new game"))
		}
		return append(keys, k.General.Help, k.General.Quit)
	}
	if m.panes[m.focus].Player() != nil {
		keys = append(keys, ui.Relabel(k.Tools.Type, "type"))
	}
	keys = append(keys, m.sideKey(), k.Playback.Pause)
	if len(m.panes) > 1 {
		keys = append(keys, k.Panes.Next)
	}
	return append(keys, k.General.Help, k.General.Quit)
}

// quit ends the runs (with the cause the options name) and the program.
func (m *model) quit() tea.Cmd {
	if m.generation != nil {
		m.generation.cancel(m.session.opts.QuitCause)
	}
	return tea.Quit
}

// fullHelp is the `?` screen: every key, in the footer; ? or esc closes
// it, and every other key acts as usual.
type fullHelp struct{ m *model }

func (m *model) openHelp() { m.stack.Push(ui.Layer{Component: &fullHelp{m}, Place: ui.Footer}) }

func (h *fullHelp) Bindings() []ui.Binding {
	return []ui.Binding{{Key: h.m.keys.General.Help, Closes: true}, {Key: h.m.keys.Panes.Close, Closes: true}}
}

// helpView is every key, grouped: the list's own while it shows.
func (h *fullHelp) helpView() string {
	if h.m.listShown() != nil {
		return h.m.help.FullHelpView(h.m.keys.BrowseHelp())
	}
	return h.m.help.FullHelpView(h.m.helpKeys().FullHelp())
}

// helpKeys is the key map as ? lists it: in a game, the keys that work
// there.
func (m *model) helpKeys() ui.KeyMap {
	if m.listShown() != nil {
		// Enter is the list's open (Browse.Open) but for a question.
		k := m.keys
		k.Tools.Type.SetEnabled(false)
		return k
	}
	if m.play != nil {
		return m.keys.ForPlayHelp(m.revealed)
	}
	return m.keys
}

func (h *fullHelp) Update(tea.Msg) tea.Cmd   { return nil }
func (h *fullHelp) SetSize(int, int)         {}
func (h *fullHelp) Render(int, int) []string { return nil }
func (h *fullHelp) ShortHelp() []key.Binding { return nil }
