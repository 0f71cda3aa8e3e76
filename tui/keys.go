package tui

import "charm.land/bubbles/v2/key"

// keyMap is every key the app answers to, defined once and grouped. The
// footer, the `?` screen, the presenter's footer and the key handling all
// read it; a key that is not here does nothing.
type keyMap struct {
	Playback   playbackKeys
	Navigation navigationKeys
	Panes      paneKeys
	Tools      toolKeys
	Presenter  presenterKeys
	General    generalKeys
}

// playbackKeys drive the runs.
type playbackKeys struct {
	Pause, Step, Faster, Slower, Restart key.Binding
	// Fork branches a new run off the selected turn.
	Fork key.Binding
}

// navigationKeys scroll a pane or panel and move through an episode.
type navigationKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	GoTo, PrevTurn, NextTurn              key.Binding
	PrevNote, NextNote, Search            key.Binding
	// Sync locks the panes so they scroll together turn by turn.
	Sync key.Binding
}

// paneKeys move the focus and open and close the panels.
type paneKeys struct {
	Next, Prev, Info, Audit, Card key.Binding
	// Unfold opens and closes the models' reasoning in the prompt audit.
	Unfold key.Binding
	Close  key.Binding
}

// toolKeys are for playing a seat.
type toolKeys struct {
	TakeOver, Type, Reveal key.Binding
}

// presenterKeys exist in presenter mode only, where n and → go to the
// next comparison and s brings the scoreboard back.
type presenterKeys struct {
	NextScene, Scoreboard key.Binding
}

// generalKeys are the help and quitting; Interrupt quits even while the
// user types.
type generalKeys struct {
	Help, Quit, Interrupt key.Binding
}

func newKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	off := func(k key.Binding) key.Binding {
		k.SetEnabled(false)
		return k
	}
	return keyMap{
		Playback: playbackKeys{
			Pause:   b("space", "pause", "space"),
			Step:    b("n", "step", "n"),
			Faster:  b("+", "faster", "+", "="),
			Slower:  b("-", "slower", "-", "_"),
			Restart: b("r", "new seed", "r"),
			Fork:    b("f", "fork here", "f"),
		},
		Navigation: navigationKeys{
			Up:       b("↑/k", "up", "up", "k"),
			Down:     b("↓/j", "down", "down", "j"),
			PageUp:   b("pgup/b", "page up", "pgup", "b"),
			PageDown: b("pgdn", "page down", "pgdown"),
			Home:     b("home", "start", "home"),
			End:      b("end/G", "end", "end", "G"),
			GoTo:     b("g", "go to turn", "g"),
			PrevTurn: b("[", "prev turn", "["),
			NextTurn: b("]", "next turn", "]"),
			PrevNote: b("{", "prev annotation", "{"),
			NextNote: b("}", "next annotation", "}"),
			Search:   b("/", "search", "/"),
			Sync:     b("L", "lock panes", "L", "s"),
		},
		Panes: paneKeys{
			Next:   b("tab", "next pane", "tab"),
			Prev:   b("⇧tab", "prev pane", "shift+tab"),
			Info:   b("i", "info", "i"),
			Audit:  b("p", "prompt audit", "p"),
			Card:   b("c", "card", "c"),
			Unfold: b("z", "reasoning", "z"),
			Close:  b("esc", "close", "esc"),
		},
		Tools: toolKeys{
			TakeOver: b("t", "take over", "t"),
			Type:     b("enter", "type a move", "enter"),
			Reveal:   off(b("v", "reveal", "v")),
		},
		Presenter: presenterKeys{
			NextScene:  off(b("n/→", "next comparison", "n", "right")),
			Scoreboard: off(b("s", "scoreboard", "s")),
		},
		General: generalKeys{
			Help:      b("?", "help", "?"),
			Quit:      b("q", "quit", "q"),
			Interrupt: b("ctrl+c", "quit", "ctrl+c"),
		},
	}
}

// forPresenter is the key map of presenter mode: n goes to the next
// comparison instead of stepping, and s shows the scoreboard, so the
// panes lock with L alone.
func (k keyMap) forPresenter() keyMap {
	k.Playback.Step.SetEnabled(false)
	k.Presenter.NextScene.SetEnabled(true)
	k.Presenter.Scoreboard.SetEnabled(true)
	k.Navigation.Sync.SetKeys("L")
	return k
}

// ShortHelp is the footer line.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Playback.Pause, k.Panes.Next, k.Navigation.GoTo, k.Navigation.NextNote, k.General.Help, k.General.Quit}
}

// presenterHelp is the presenter's footer line, short enough for 80
// columns (? still shows every key); while the scoreboard shows, space and
// esc say what they do there.
func (k keyMap) presenterHelp(board bool) []key.Binding {
	if board {
		return []key.Binding{relabel(k.Playback.Pause, "next comparison"), relabel(k.Panes.Close, "back to the dialogue"), k.General.Quit}
	}
	return []key.Binding{k.Playback.Pause, k.Presenter.NextScene, k.Navigation.GoTo, k.Navigation.NextNote, k.General.Quit}
}

// typingHelp is the footer while the user types a move: every key but
// these goes to the input.
func (k keyMap) typingHelp() []key.Binding {
	return []key.Binding{relabel(k.Tools.Type, "send · /help lists the moves"), relabel(k.Panes.Close, "leave the input"), k.General.Interrupt}
}

// FullHelp is the `?` screen: playback with the tools, the panes, moving
// through an episode, scrolling with the general keys. It fits 80
// columns and, with the keys each mode turns off, 9 lines.
func (k keyMap) FullHelp() [][]key.Binding {
	p, n, w, t, s, g := k.Playback, k.Navigation, k.Panes, k.Tools, k.Presenter, k.General
	return [][]key.Binding{
		{p.Pause, p.Step, s.NextScene, p.Faster, p.Slower, p.Restart, p.Fork, s.Scoreboard, t.TakeOver, t.Type, t.Reveal},
		{w.Next, w.Prev, w.Info, w.Audit, w.Card, w.Unfold, w.Close},
		{n.GoTo, n.PrevTurn, n.NextTurn, n.PrevNote, n.NextNote, n.Search, n.Sync},
		{n.Up, n.Down, n.PageUp, n.PageDown, n.Home, n.End, g.Help, g.Quit, g.Interrupt},
	}
}

// relabel is b described as it acts in one situation.
func relabel(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
