package browser

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/tui/ui"
)

// maxHits is the most hits a search lists; it counts them all.
const maxHits = 5000

// TextsTick asks a hit list that waits for the turns' text how far their
// reading has come. The app hands it to the stack.
type TextsTick struct{}

// textsTick is how often the wait looks again.
const textsTick = 100 * time.Millisecond

// Hits is the hit list of a search of every turn of the episodes listed:
// one line per turn that holds the words (episode, mode, turn, and the
// turn's words around them, marked). The first search reads the turns'
// text in the background and shows how far it has come.
type Hits struct {
	ui.Common
	ix     *browse.Index
	act    Actions
	query  string
	groups []*browse.Group
	hits   []browse.Hit
	count  int
	// waiting is set while the turns' text is read.
	waiting       bool
	sel, top      int
	width, height int
}

// NewHits searches the groups' turns for query, reading their text first
// (in the background, stopped by ctx) when no search has.
func NewHits(c ui.Common, ix *browse.Index, act Actions, ctx context.Context, groups []*browse.Group, query string) (*Hits, tea.Cmd) {
	h := &Hits{Common: c, ix: ix, act: act, query: query, groups: groups}
	ix.LoadTexts(ctx)
	if !ix.TextsRead().Done {
		h.waiting = true
		return h, tick()
	}
	h.search()
	return h, nil
}

func tick() tea.Cmd { return tea.Tick(textsTick, func(time.Time) tea.Msg { return TextsTick{} }) }

// Layer is how the hit list sits on the stack: over the list, with
// every key.
func (h *Hits) Layer() ui.Layer { return ui.Layer{Component: h, Place: ui.Body, Keys: ui.TakeKeys} }

// Found are the hits listed, Waiting whether the turns are still read.
func (h *Hits) Found() []browse.Hit { return h.hits }
func (h *Hits) Waiting() bool       { return h.waiting }

func (h *Hits) search() {
	h.waiting = false
	h.hits, h.count = h.ix.Search(h.query, h.groups, maxHits)
	switch {
	case h.count == 0:
		h.act.Notice(fmt.Sprintf("no turn of the %s listed says %q", count(len(h.groups), "episode"), h.query))
	case h.count > len(h.hits):
		h.act.Notice(fmt.Sprintf("%d turns say %q; the first %d are listed", h.count, h.query, len(h.hits)))
	}
	if p := h.ix.TextsRead(); p.Failed > 0 {
		h.act.Notice(fmt.Sprintf("%s could not be read for their turns: %s", count(p.Failed, "recording"), p.Problems[0]))
	}
}

func (h *Hits) Bindings() []ui.Binding {
	b, n := h.Keys.Browse, h.Keys.Navigation
	page := func() int { return max(h.rows()-1, 1) }
	none := func() string {
		if h.waiting {
			return "the turns are still being read"
		}
		if len(h.hits) == 0 {
			return "no hit to open: / searches again, esc goes back to the list"
		}
		return ""
	}
	return []ui.Binding{
		{Key: b.Open, Do: func(tea.KeyPressMsg) tea.Cmd {
			hit := h.hits[h.sel]
			return h.act.Open(hit.Group, hit.Run.Mode, hit.Turn)
		}, Disabled: none},
		{Key: b.Search, Do: func(tea.KeyPressMsg) tea.Cmd { return h.act.Search() }},
		{Key: n.Up, Do: h.move(-1)},
		{Key: n.Down, Do: h.move(1)},
		{Key: n.PageUp, Do: func(tea.KeyPressMsg) tea.Cmd { return h.move(-page())(tea.KeyPressMsg{}) }},
		{Key: n.PageDown, Do: func(tea.KeyPressMsg) tea.Cmd { return h.move(page())(tea.KeyPressMsg{}) }},
		{Key: n.Home, Do: h.move(-len(h.hits))},
		{Key: n.End, Do: h.move(len(h.hits))},
		{Key: h.Keys.Panes.Close, Closes: true},
		{Key: h.Keys.General.Help, Do: func(tea.KeyPressMsg) tea.Cmd { h.act.Help(); return nil }},
		{Key: h.Keys.General.Quit, Do: func(tea.KeyPressMsg) tea.Cmd { return h.act.Quit() }},
	}
}

func (h *Hits) move(d int) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd {
		h.sel = min(max(h.sel+d, 0), max(len(h.hits)-1, 0))
		h.follow()
		return nil
	}
}

// Update follows the reading of the turns until the search can run, and
// moves the selection with the wheel.
func (h *Hits) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case TextsTick:
		if !h.waiting {
			return nil
		}
		if h.ix.TextsRead().Done {
			h.search()
			return nil
		}
		return tick()
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			return h.move(-ui.WheelLines)(tea.KeyPressMsg{})
		case tea.MouseWheelDown:
			return h.move(ui.WheelLines)(tea.KeyPressMsg{})
		}
	}
	return nil
}

func (h *Hits) SetSize(w, ht int) {
	h.width, h.height = w, ht
	h.follow()
}

// ShortHelp is the hit list's footer line.
func (h *Hits) ShortHelp() []key.Binding {
	k := h.Keys
	return []key.Binding{ui.Relabel(k.Browse.Open, "open at the turn"), k.Browse.Search, ui.Relabel(k.Panes.Close, "back to the list"), k.General.Help, k.General.Quit}
}

func (h *Hits) rows() int { return max(h.height-2, 1) }

func (h *Hits) follow() {
	n := h.rows()
	switch {
	case h.sel < h.top:
		h.top = h.sel
	case h.sel >= h.top+n:
		h.top = h.sel - n + 1
	}
	h.top = max(min(h.top, len(h.hits)-n), 0)
}

// Render draws a heading, the hits and a rule, or how far the reading
// of the turns has come.
func (h *Hits) Render(w, ht int) []string {
	if w != h.width || ht != h.height {
		h.SetSize(w, ht)
	}
	out := make([]string, 0, ht)
	out = append(out, ui.Fit(h.Styles.Title.Render(h.heading()), w))
	if h.waiting {
		out = append(out, ui.Fit(h.progress(w), w))
	}
	for i := h.top; len(out) < ht-1 && i < len(h.hits); i++ {
		line := h.line(h.hits[i], w, i == h.sel)
		out = append(out, line)
	}
	for len(out) < ht-1 {
		out = append(out, ui.Blank(w))
	}
	return append(out, h.Styles.Sep.Render(strings.Repeat("─", w)))
}

func (h *Hits) heading() string {
	if h.waiting {
		return fmt.Sprintf("searching every turn of %s for %q", count(len(h.groups), "episode"), h.query)
	}
	return fmt.Sprintf("%q: %s in %s listed", h.query, count(h.count, "turn"), count(len(h.groups), "episode"))
}

// progress is a bar of the recordings whose turns are read.
func (h *Hits) progress(w int) string {
	p := h.ix.TextsRead()
	label := fmt.Sprintf(" reading the turns: %d of %d recordings", p.Read+p.Failed, p.Total)
	bar := max(min(w-ansi.StringWidth(label)-2, 40), 10)
	done := 0
	if p.Total > 0 {
		done = bar * (p.Read + p.Failed) / p.Total
	}
	return strings.Repeat("█", done) + h.Styles.Dim.Render(strings.Repeat("░", bar-done)) + label
}

// line is one hit: where it is (mode, turn, episode) and the turn's
// words around the match, which stands out.
func (h *Hits) line(hit browse.Hit, w int, selected bool) string {
	where := fmt.Sprintf("%-11s t%-3d %s · %s", hit.Run.Column.Label(), hit.Turn, hit.Group.ID, hit.Group.Title)
	whereW := min(max(w/3, 24), 48)
	sign := "  "
	if selected {
		sign = "▶ "
	}
	lead := sign + cell(where, whereW, false) + " "
	room := max(w-ansi.StringWidth(lead), 0)
	before, match, after := ui.Line(hit.Text[:hit.Start]), ui.Line(hit.Text[hit.Start:hit.End]), ui.Line(hit.Text[hit.End:])
	mw := min(ansi.StringWidth(match), room)
	left := max((room-mw)/3, room-mw-ansi.StringWidth(after))
	if bw := ansi.StringWidth(before); bw > left {
		before = "…" + ansi.TruncateLeft(before, bw-left+1, "")
	}
	text := before + h.Styles.TabActive.Render(ansi.Truncate(match, mw, "")) + after
	if selected {
		lead = h.Styles.Title.Render(lead)
	}
	return ui.Fit(lead+text, w)
}
