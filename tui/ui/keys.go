package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
)

// KeyMap is every key the app answers to, defined once and grouped; the
// layers' bindings (Binding) take their keys and help text from it. The
// footer, the `?` screen and the key handling all read it; a key that is
// not here does nothing.
type KeyMap struct {
	Playback   PlaybackKeys
	Navigation NavigationKeys
	Panes      PaneKeys
	Tools      ToolKeys
	Presenter  PresenterKeys
	Browse     BrowseKeys
	General    GeneralKeys
	// Overlays open the full-screen panels, one each, in the order of
	// the app's registry of overlays; `?` lists them with the panes'
	// keys.
	Overlays []key.Binding
}

// PlaybackKeys drive the runs.
type PlaybackKeys struct {
	Pause, Step, Faster, Slower, Restart key.Binding
	// Fork branches a new run off the selected turn.
	Fork key.Binding
}

// NavigationKeys scroll a pane or panel and move through an episode.
type NavigationKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	GoTo, PrevTurn, NextTurn              key.Binding
	PrevNote, NextNote, Search            key.Binding
	// Sync locks the panes so they scroll together turn by turn.
	Sync key.Binding
}

// PaneKeys move the focus and close what is open.
type PaneKeys struct {
	Next, Prev key.Binding
	// Unfold opens and closes the models' reasoning in the prompt audit.
	Unfold key.Binding
	Close  key.Binding
}

// ToolKeys are for playing a seat. Side hides and shows the column of
// the seat the user plays; it acts while they type too.
type ToolKeys struct {
	TakeOver, Type, Reveal, Side key.Binding
}

// PresenterKeys exist in presenter mode only, where n and → go to the
// next comparison and s brings the scoreboard back.
type PresenterKeys struct {
	NextScene, Scoreboard key.Binding
}

// BrowseKeys are the keys of the list of a study's episodes (omnigap
// browse): open the episode or hit selected, move the sort column and
// reverse it, scroll the columns sideways, filter, search the turns; Back
// leaves an opened episode for the list.
type BrowseKeys struct {
	Open, SortLeft, SortRight, Reverse, ScrollLeft, ScrollRight, Filter, Search, Back key.Binding
}

// GeneralKeys are the help and quitting; Interrupt quits even while the
// user types.
type GeneralKeys struct {
	Help, Quit, Interrupt key.Binding
}

// Key is a binding of keys with its help text.
func Key(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// NewKeyMap is the app's key map with overlays, the keys that open the
// full-screen panels.
func NewKeyMap(overlays []key.Binding) KeyMap {
	off := func(k key.Binding) key.Binding {
		k.SetEnabled(false)
		return k
	}
	return KeyMap{
		Playback: PlaybackKeys{
			Pause:   Key("space", "pause", "space"),
			Step:    Key("n", "step", "n"),
			Faster:  Key("+", "faster", "+", "="),
			Slower:  Key("-", "slower", "-", "_"),
			Restart: Key("r", "new seed", "r"),
			Fork:    Key("f", "fork here", "f"),
		},
		Navigation: NavigationKeys{
			Up:       Key("↑/k", "up", "up", "k"),
			Down:     Key("↓/j", "down", "down", "j"),
			PageUp:   Key("pgup/b", "page up", "pgup", "b"),
			PageDown: Key("pgdn", "page down", "pgdown"),
			Home:     Key("home", "start", "home"),
			End:      Key("end/G", "end", "end", "G"),
			GoTo:     Key("g", "go to turn", "g"),
			PrevTurn: Key("[", "prev turn", "["),
			NextTurn: Key("]", "next turn", "]"),
			PrevNote: Key("{", "prev annotation", "{"),
			NextNote: Key("}", "next annotation", "}"),
			Search:   Key("/", "search", "/"),
			Sync:     Key("L", "lock panes", "L", "s"),
		},
		Panes: PaneKeys{
			Next:   Key("tab", "next pane", "tab"),
			Prev:   Key("⇧tab", "prev pane", "shift+tab"),
			Unfold: Key("z", "reasoning", "z"),
			Close:  Key("esc", "close", "esc"),
		},
		Tools: ToolKeys{
			TakeOver: Key("t", "take over", "t"),
			Type:     Key("enter", "type a move", "enter"),
			Reveal:   off(Key("v", "reveal", "v")),
			Side:     Key("ctrl+o", "your side", "ctrl+o"),
		},
		Presenter: PresenterKeys{
			NextScene:  off(Key("n/→", "next comparison", "n", "right")),
			Scoreboard: off(Key("s", "scoreboard", "s")),
		},
		Browse: BrowseKeys{
			Open:      off(Key("enter", "open", "enter")),
			SortLeft:  off(Key("<", "sort: column left", "<")),
			SortRight: off(Key(">", "sort: column right", ">")),
			Reverse:   off(Key("r", "reverse the order", "r")),
			// A narrow screen shows SCRIPT's columns alone: the arrows
			// bring the other modes' into view without changing the sort.
			ScrollLeft:  off(Key("←", "columns left", "left")),
			ScrollRight: off(Key("→", "columns right", "right")),
			Filter:      off(Key("f", "filter", "f")),
			Search:      off(Key("/", "search every turn", "/")),
			Back:        off(Key("q/esc", "back", "q", "esc")),
		},
		General: GeneralKeys{
			Help:      Key("?", "help", "?"),
			Quit:      Key("q", "quit", "q"),
			Interrupt: Key("ctrl+c", "quit", "ctrl+c"),
		},
		Overlays: overlays,
	}
}

// ForPresenter is the key map of presenter mode: n goes to the next
// comparison instead of stepping, and s shows the scoreboard, so the
// panes lock with L alone; nobody plays a seat there, so no side hides.
func (k KeyMap) ForPresenter() KeyMap {
	k.Playback.Step.SetEnabled(false)
	k.Tools.Side.SetEnabled(false)
	k.Presenter.NextScene.SetEnabled(true)
	k.Presenter.Scoreboard.SetEnabled(true)
	k.Navigation.Sync.SetKeys("L")
	return k
}

// ForPlayHelp is the key map as `?` lists it while the user plays a
// game: one pane, theirs, so no pane to switch to, lock or take over, no
// fork of a game in play, and no annotation to step to before its end
// (the keys themselves still say why they do nothing).
func (k KeyMap) ForPlayHelp(ended bool) KeyMap {
	for _, b := range []*key.Binding{&k.Playback.Fork, &k.Tools.TakeOver, &k.Panes.Next, &k.Panes.Prev, &k.Navigation.Sync} {
		b.SetEnabled(false)
	}
	k.Navigation.PrevNote.SetEnabled(ended)
	k.Navigation.NextNote.SetEnabled(ended)
	return k
}

// ForSequence is the key map of a replay of several scenarios: n goes to
// the next scenario, as it goes to the next comparison in presenter mode.
func (k KeyMap) ForSequence() KeyMap {
	k.Playback.Step.SetEnabled(false)
	k.Presenter.NextScene = Relabel(k.Presenter.NextScene, "next scenario")
	k.Presenter.NextScene.SetEnabled(true)
	return k
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Playback.Pause, k.Panes.Next, k.Navigation.GoTo, k.Navigation.NextNote, k.General.Help, k.General.Quit}
}

// FullHelp is the `?` screen: playback with the tools, the panes and
// their panels, moving through an episode, scrolling with the general
// keys. It fits 80 columns and, with the keys each mode turns off, 9
// lines.
func (k KeyMap) FullHelp() [][]key.Binding {
	p, n, w, t, s, g, b := k.Playback, k.Navigation, k.Panes, k.Tools, k.Presenter, k.General, k.Browse
	panes := append(append([]key.Binding{w.Next, w.Prev}, k.Overlays...), t.Side, w.Unfold, w.Close)
	return [][]key.Binding{
		{p.Pause, p.Step, s.NextScene, p.Faster, p.Slower, p.Restart, p.Fork, s.Scoreboard, t.TakeOver, t.Type, t.Reveal},
		panes,
		{n.GoTo, n.PrevTurn, n.NextTurn, n.PrevNote, n.NextNote, n.Search, n.Sync},
		{n.Up, n.Down, n.PageUp, n.PageDown, n.Home, n.End, g.Help, g.Quit, b.Back, g.Interrupt},
		// The list's own keys, which only its `?` shows (BrowseHelp).
		{b.Open, b.SortLeft, b.SortRight, b.Reverse, b.ScrollLeft, b.ScrollRight, b.Filter, b.Search},
	}
}

// ForBrowse is the key map of omnigap browse, made from the app's: in
// the list (open false) only the list's keys, moving through it, esc
// clearing the filter, help and quitting; in an episode opened from it
// the app's keys, with q and esc going back to the list rather than
// quitting.
func (k KeyMap) ForBrowse(open bool) KeyMap {
	b := &k.Browse
	if open {
		b.Back.SetEnabled(true)
		k.General.Quit.SetEnabled(false)
		return k
	}
	k.Overlays = slices.Clone(k.Overlays)
	for _, key := range k.all() {
		key.SetEnabled(false)
	}
	n, g := &k.Navigation, &k.General
	// Enter and esc also answer and leave a question in the footer (the
	// filter, a search): the list's `?` names them by what they do there.
	for _, key := range []*key.Binding{&b.Open, &b.SortLeft, &b.SortRight, &b.Reverse, &b.ScrollLeft, &b.ScrollRight, &b.Filter, &b.Search,
		&n.Up, &n.Down, &n.PageUp, &n.PageDown, &n.Home, &n.End, &k.Panes.Close, &k.Tools.Type, &g.Help, &g.Quit, &g.Interrupt} {
		key.SetEnabled(true)
	}
	k.Panes.Close = Relabel(k.Panes.Close, "clear filter / back")
	return k
}

// all are every binding of k.
func (k *KeyMap) all() []*key.Binding {
	p, n, w, t, s, b, g := &k.Playback, &k.Navigation, &k.Panes, &k.Tools, &k.Presenter, &k.Browse, &k.General
	out := []*key.Binding{&p.Pause, &p.Step, &p.Faster, &p.Slower, &p.Restart, &p.Fork,
		&n.Up, &n.Down, &n.PageUp, &n.PageDown, &n.Home, &n.End, &n.GoTo, &n.PrevTurn, &n.NextTurn, &n.PrevNote, &n.NextNote, &n.Search, &n.Sync,
		&w.Next, &w.Prev, &w.Unfold, &w.Close, &t.TakeOver, &t.Type, &t.Reveal, &t.Side, &s.NextScene, &s.Scoreboard,
		&b.Open, &b.SortLeft, &b.SortRight, &b.Reverse, &b.ScrollLeft, &b.ScrollRight, &b.Filter, &b.Search, &b.Back, &g.Help, &g.Quit, &g.Interrupt}
	for i := range k.Overlays {
		out = append(out, &k.Overlays[i])
	}
	return out
}

// BrowseHelp is the `?` screen of the list of a study's episodes.
func (k KeyMap) BrowseHelp() [][]key.Binding {
	b, n, g := k.Browse, k.Navigation, k.General
	return [][]key.Binding{
		{b.Open, b.Search, b.Filter, b.SortLeft, b.SortRight, b.Reverse, b.ScrollLeft, b.ScrollRight},
		{n.Up, n.Down, n.PageUp, n.PageDown, n.Home, n.End},
		{k.Panes.Close, g.Help, g.Quit, g.Interrupt},
	}
}

// BrowseShortHelp is the list's footer line.
func (k KeyMap) BrowseShortHelp() []key.Binding {
	b := k.Browse
	return []key.Binding{b.Open, Relabel(b.Search, "search"), b.Filter, Relabel(b.SortRight, "sort"), Relabel(b.Reverse, "reverse"), k.General.Help, k.General.Quit}
}

// Relabel is b described as it acts in one situation.
func Relabel(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
