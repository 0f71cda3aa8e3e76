package tui

import "charm.land/bubbles/v2/key"

// keyMap is every key the app answers to; `?` lists them all.
type keyMap struct {
	Pause, Step, Faster, Slower       key.Binding
	Next, Prev                        key.Binding
	Up, Down, PageUp, PageDown        key.Binding
	Home, End, Sync                   key.Binding
	Info, Audit, Close, Restart, Help key.Binding
	Quit                              key.Binding
}

func newKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Pause:    b("space", "pause/resume", "space"),
		Step:     b("n", "step paused", "n"),
		Faster:   b("+", "faster", "+", "="),
		Slower:   b("-", "slower", "-", "_"),
		Next:     b("tab", "next pane", "tab"),
		Prev:     b("shift+tab", "previous pane", "shift+tab"),
		Up:       b("↑/k", "scroll up", "up", "k"),
		Down:     b("↓/j", "scroll down", "down", "j"),
		PageUp:   b("pgup", "page up", "pgup", "b"),
		PageDown: b("pgdn", "page down", "pgdown", "f"),
		Home:     b("home/g", "first turn", "home", "g"),
		End:      b("end/G", "follow newest", "end", "G"),
		Sync:     b("s", "sync scrolling", "s"),
		Info:     b("i", "who knows what", "i"),
		Audit:    b("p", "prompt audit", "p"),
		Close:    b("esc", "close panel", "esc"),
		Restart:  b("r", "restart, new seed", "r"),
		Help:     b("?", "all keys", "?"),
		Quit:     b("q", "quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the footer line.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Pause, k.Step, k.Next, k.Info, k.Audit, k.Help, k.Quit}
}

// FullHelp is the `?` screen, one column per group.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Pause, k.Step, k.Faster, k.Slower, k.Restart},
		{k.Next, k.Prev, k.Sync, k.Home, k.End},
		{k.Up, k.Down, k.PageUp, k.PageDown},
		{k.Info, k.Audit, k.Close, k.Help, k.Quit},
	}
}
