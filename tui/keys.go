package tui

import "charm.land/bubbles/v2/key"

// keyMap is every key the app answers to; `?` lists them all.
type keyMap struct {
	Pause, Step, Faster, Slower, Restart key.Binding
	Next, Prev, Sync, Info, Audit, Card  key.Binding
	Up, Down, PageUp, PageDown           key.Binding
	Home, End, Close, Help, Quit         key.Binding
	// GoTo, PrevTurn ... Search move through an episode; Fork branches
	// a new run off the selected turn.
	GoTo, PrevTurn, NextTurn, PrevNote, NextNote, Search, Fork key.Binding
	// TakeOver, Type and Reveal are for playing a seat.
	TakeOver, Type, Reveal key.Binding
	// Unfold opens and closes the models' reasoning in the prompt audit.
	Unfold key.Binding
	// Scoreboard brings the presenter's scoreboard back (demo only).
	Scoreboard key.Binding
}

func newKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Pause:    b("space", "pause", "space"),
		Step:     b("n", "step", "n"),
		Faster:   b("+", "faster", "+", "="),
		Slower:   b("-", "slower", "-", "_"),
		Restart:  b("r", "new seed", "r"),
		Next:     b("tab", "next pane", "tab"),
		Prev:     b("⇧tab", "prev pane", "shift+tab"),
		Sync:     b("L", "lock panes", "L", "s"),
		Card:     b("c", "card", "c"),
		Info:     b("i", "info", "i"),
		Audit:    b("p", "prompt audit", "p"),
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		PageUp:   b("pgup/b", "page up", "pgup", "b"),
		PageDown: b("pgdn", "page down", "pgdown"),
		Home:     b("home", "start", "home"),
		End:      b("end/G", "end", "end", "G"),
		Close:    b("esc", "close", "esc"),
		Help:     b("?", "help", "?"),
		Quit:     b("q", "quit", "q", "ctrl+c"),
		TakeOver: b("t", "take over", "t"),
		Type:     b("enter", "type", "enter"),
		Reveal:   b("v", "reveal", "v"),
		GoTo:     b("g", "go to turn", "g"),
		PrevTurn: b("[", "prev turn", "["),
		NextTurn: b("]", "next turn", "]"),
		PrevNote: b("{", "prev annotation", "{"),
		NextNote: b("}", "next annotation", "}"),
		Search:   b("/", "search", "/"),
		Fork:     b("f", "fork here", "f"),
		Unfold:   b("z", "reasoning", "z"),
		Scoreboard: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "scoreboard"),
			key.WithDisabled()),
	}
}

// presenterKeys is the key map of presenter mode, where n and r act on
// comparisons and s brings the scoreboard back (presenterKey).
func presenterKeys(k keyMap) keyMap {
	k.Step.SetHelp("n", "next scene")
	k.Restart.SetHelp("r", "restart")
	k.Scoreboard.SetEnabled(true)
	return k
}

// ShortHelp is the footer line.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Pause, k.Next, k.GoTo, k.NextNote, k.Help, k.Quit}
}

// FullHelp is the `?` screen, one column per group; it fits 80 columns.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Pause, k.Step, k.Faster, k.Slower, k.Restart, k.Fork, k.Card, k.Scoreboard},
		{k.Next, k.Prev, k.Sync, k.Info, k.Audit, k.Unfold, k.TakeOver, k.Type, k.Reveal},
		{k.GoTo, k.PrevTurn, k.NextTurn, k.PrevNote, k.NextNote, k.Search},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Close, k.Help, k.Quit},
	}
}

// typingKeys is the footer help while the user types a move: every other
// key goes to the input.
type typingKeys struct{ send, leave, quit key.Binding }

func newTypingKeys() typingKeys {
	return typingKeys{
		send:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send · /help lists the moves")),
		leave: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave the input")),
		quit:  key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

func (k typingKeys) ShortHelp() []key.Binding { return []key.Binding{k.send, k.leave, k.quit} }

func (k typingKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
