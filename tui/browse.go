package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/browser"
	"github.com/omnigap/omnigap/tui/prompt"
	"github.com/omnigap/omnigap/tui/ui"
)

// BrowseOptions make the app the list of a study's episodes (omnigap
// browse): the list first, and an episode opened from it in the
// replay's panes, with every key of a replay, until q or esc goes back.
type BrowseOptions struct {
	Index *browse.Index
	// Open makes a group's recordings a comparison that plays them side
	// by side.
	Open func(g *browse.Group) (Comparison, error)
}

// browsing is the app while it browses: the list, the last search's hit
// list, and the group open, if any.
type browsing struct {
	opts *BrowseOptions
	// keys is the app's key map, from which the list's and an episode's
	// are made (ui.KeyMap.ForBrowse).
	keys ui.KeyMap
	list *browser.List
	hits *browser.Hits
	// open is the group on screen (nil in the list); fromHits says it was
	// opened from the hit list, where q goes back to.
	open      *browse.Group
	fromHits  bool
	lastQuery string
}

// arrival is the turn to select once a replay has played it: of mode's
// pane, or of the first pane for "".
type arrival struct {
	mode view.Mode
	turn int
}

// startBrowsing puts the list on the stack.
func (m *model) startBrowsing(opts *BrowseOptions) {
	b := &browsing{opts: opts, keys: m.keys}
	m.browsing = b
	m.keys = b.keys.ForBrowse(false)
	b.list = browser.New(m.common(), opts.Index, m.browseActions())
	m.stack.Push(b.list.Layer())
}

// browseActions are what the list and the hit list ask of the app.
func (m *model) browseActions() browser.Actions {
	return browser.Actions{
		Open: m.openGroup,
		Ask: func(question string, answer func(string) tea.Cmd) {
			m.stack.Push(prompt.New(m.common(), question, nil, answer).Layer())
		},
		Search: func() tea.Cmd {
			question := "search every turn listed: "
			if q := m.browsing.lastQuery; q != "" {
				question = fmt.Sprintf("search every turn listed (enter alone: %q again): ", q)
			}
			m.stack.Push(prompt.New(m.common(), question, nil, m.searchTurns).Layer())
			return nil
		},
		Help:   m.openHelp,
		Quit:   m.quit,
		Notice: func(s string) { m.notice = s },
	}
}

// searchTurns opens the hit list of q over the episodes listed (of the
// last search for "").
func (m *model) searchTurns(q string) tea.Cmd {
	b := m.browsing
	if q == "" {
		q = b.lastQuery
	}
	if q == "" {
		return nil
	}
	b.lastQuery = q
	hits, cmd := browser.NewHits(m.common(), b.opts.Index, m.browseActions(), m.session.ctx, b.list.Shown(), q)
	if b.hits != nil {
		m.stack.Remove(b.hits)
	}
	b.hits = hits
	m.stack.Push(hits.Layer())
	return cmd
}

// listShown is the list or the hit list when one is what the screen
// shows, else nil.
func (m *model) listShown() *browsing {
	if b := m.browsing; b != nil && b.open == nil {
		return b
	}
	return nil
}

// openGroup shows a group's recordings side by side, played at once so
// that the whole episode is there to read; with turn > 0, at that turn
// of mode's run once it is played.
func (m *model) openGroup(g *browse.Group, mode view.Mode, turn int) tea.Cmd {
	b := m.browsing
	c, err := b.opts.Open(g)
	if err != nil {
		m.notice = "cannot open " + g.ID + ": " + ui.Line(err.Error())
		return nil
	}
	b.open, b.fromHits = g, m.stack.Body().Component == b.hits && b.hits != nil
	m.stack.RemoveIf(func(l ui.Layer) bool { return l.Component == b.list || l.Component == b.hits })
	m.keys = b.keys.ForBrowse(true)
	m.stack.Push(ui.Layer{Component: &paneScreen{m}, Place: ui.Body})
	m.stack.Push(ui.Layer{Component: &groupKeys{m}, Place: ui.Global})
	m.pending, m.pace, m.arrive = nil, 0, nil
	if turn > 0 {
		m.arrive = &arrival{mode: mode, turn: turn}
	}
	return m.show(c)
}

// leaveGroup stops the group's runs and shows the list (or the hit list
// it was opened from) as it was: filter, order and selection kept.
func (m *model) leaveGroup() {
	b := m.browsing
	var lives []*episode.Live
	for _, p := range m.panes {
		if l := p.Live(); l != nil {
			lives = append(lives, l)
		}
	}
	if m.generation != nil {
		m.generation.cancel(nil)
		m.generation = nil
	}
	m.dropForks()
	m.session.feed.retire(lives...)
	for _, p := range m.panes {
		p.Detach()
	}
	m.panes, m.focus, m.pending, m.arrive, m.paused = nil, 0, nil, nil, false
	m.stack.RemoveIf(func(l ui.Layer) bool { _, keys := l.Component.(*appKeys); return !keys })
	m.keys = b.keys.ForBrowse(false)
	m.stack.Push(b.list.Layer())
	if b.fromHits {
		m.stack.Push(b.hits.Layer())
	}
	b.open = nil
	m.notice = ""
	m.title.Reset()
	m.resize()
}

// arriveAt selects the turn an episode was opened at once its pane has
// it (or has ended without it).
func (m *model) arriveAt() {
	a := m.arrive
	if a == nil {
		return
	}
	for i, p := range m.panes {
		if a.mode != "" && p.Mode() != a.mode {
			continue
		}
		if p.Turns() < a.turn && p.Ending() == nil {
			return
		}
		m.arrive = nil
		m.setFocus(i)
		if p.Turns() < a.turn {
			m.notice = fmt.Sprintf("turn %d is not there: %s has %d", a.turn, p.Mode().Label(), p.Turns())
			return
		}
		m.selectTurn(p, a.turn)
		m.notice = fmt.Sprintf("turn %d of %s", a.turn, p.Mode().Label())
		return
	}
	m.arrive = nil
}

// groupKeys are the keys of an episode opened from the list: q and esc
// go back to it (esc first hands back a seat the user holds, and closes
// any panel open, which sits above).
type groupKeys struct{ m *model }

func (g *groupKeys) Bindings() []ui.Binding {
	m := g.m
	return []ui.Binding{{Key: m.keys.Browse.Back, Do: func(msg tea.KeyPressMsg) tea.Cmd {
		if p := m.panes[m.focus]; msg.String() == "esc" && p.Player() != nil && !p.Player().Fixed {
			m.handBack(p)
			return nil
		}
		m.leaveGroup()
		return nil
	}}}
}

func (g *groupKeys) Update(tea.Msg) tea.Cmd   { return nil }
func (g *groupKeys) SetSize(int, int)         {}
func (g *groupKeys) Render(int, int) []string { return nil }

// ShortHelp is the usual footer line with q going back to the list;
// while the user holds a seat, the app's own.
func (g *groupKeys) ShortHelp() []key.Binding {
	m := g.m
	if m.sideSeat() >= 0 {
		return nil
	}
	k := m.keys
	return []key.Binding{k.Playback.Pause, k.Panes.Next, k.Navigation.GoTo, k.Navigation.NextNote, k.General.Help, ui.Relabel(k.Browse.Back, "back to the list")}
}
