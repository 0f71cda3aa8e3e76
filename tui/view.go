package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/tui/ui"
)

// minWidth and minHeight are the smallest screen the app draws on.
const (
	minWidth  = 30
	minHeight = 10
)

func (m *model) View() tea.View {
	v := tea.NewView(m.draw(true))
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "omnigap browse"
	if m.listShown() == nil {
		v.WindowTitle = "omnigap · " + ui.Line(m.scenario.Title)
	}
	return v
}

// draw draws the whole screen: exactly height lines of width cells, or
// for the terminal the same without the unstyled spaces that end lines
// (see frame.join).
func (m *model) draw(forTerminal bool) string {
	if m.width == 0 || m.height == 0 {
		return ""
	}
	if m.width < minWidth || m.height < minHeight {
		msg := ui.Fit(fmt.Sprintf("omnigap needs %dx%d; this terminal is %dx%d", minWidth, minHeight, m.width, m.height), m.width)
		return msg + strings.Repeat("\n"+strings.Repeat(" ", m.width), m.height-1)
	}
	f := &m.frame
	f.start()
	for _, l := range m.title.Get(titleState{m.width, m.height, m.paused, m.unrecorded, m.seed, m.pace, m.presenter.state() + m.sequence.state(), m.listTitle()}, m.titleLines) {
		f.add(l)
		f.add("\n")
	}
	m.addBody(f)
	for i, l := range m.footer.Get(footerState{m.width, m.notice, m.locked, m.status(), m.paused, m.stack.Version(), m.presenter.state()}, m.footerLines) {
		if i > 0 {
			f.add("\n")
		}
		f.add(l)
	}
	return f.join(forTerminal)
}

// titleState and footerState are what the title bar and footer show.
type titleState struct {
	width, height int
	paused        bool
	unrecorded    bool
	seed          int64
	pace          time.Duration
	presenter     string
	// list is what the list's title says, while it shows.
	list string
}

type footerState struct {
	width  int
	notice string
	locked bool
	status string
	// paused changes the presenter's space key (pause or go on).
	paused bool
	// layers changes with what is on the stack, which says the keys.
	layers    int
	presenter string
}

// status is the open footer question with the answer so far, if any.
func (m *model) status() string {
	for _, l := range m.stack.Reachable() {
		if s, ok := l.Component.(interface{ Status() string }); ok {
			return s.Status()
		}
	}
	return ""
}

func (m *model) titleLines() []string {
	st := m.styles
	if b := m.listShown(); b != nil {
		left, right := b.list.Title()
		if b.hits != nil && m.stack.Body().Component == b.hits {
			right = "search · esc back to the list"
		}
		line := ui.Spread(st.Title.Render(left), st.Dim.Render(right), m.width)
		if m.titleHeight() == 1 {
			return []string{line}
		}
		return []string{line, ui.Fit(st.Setting.Render(ui.CutAtWord(b.list.Subtitle(), m.width)), m.width)}
	}
	state := fmt.Sprintf("seed %d · pace %s", m.seed, paceLabel(m.pace))
	switch r := m.session.opts.Replay; {
	case r != nil && r.Speed() > 0:
		state = fmt.Sprintf("seed %d · %gx recorded timing", m.seed, r.Speed())
	case m.session.opts.Untimed:
		state = untimedLabel(m.pace)
	}
	if q := m.sequence; q != nil {
		state = q.state() + " · " + state
	}
	if m.paused {
		state = "paused · " + state
	}
	if d := m.presenter; d != nil {
		state = fmt.Sprintf("comparison %d of %d", d.index+1, len(d.opts.Comparisons))
		if m.paused {
			state = "paused · " + state
		}
	}
	if m.unrecorded {
		state = "not recorded · " + state
	}
	right := st.Dim.Render(state)
	plainTitle, plainSetting := ui.Line(m.scenario.Title), ui.Line(strings.TrimSpace(m.scenario.Setting))
	title := st.Title.Render(plainTitle)
	if m.titleHeight() == 1 {
		room := m.width - ansi.StringWidth(plainTitle) - 2 - ansi.StringWidth(state) - 1
		if room < 12 {
			return []string{ui.Spread(title, right, m.width)}
		}
		return []string{ui.Spread(title+"  "+st.Setting.Render(ui.CutAtWord(plainSetting, room)), right, m.width)}
	}
	return []string{ui.Spread(title, right, m.width), ui.Fit(st.Setting.Render(ui.CutAtWord(plainSetting, m.width)), m.width)}
}

// addBody draws the body, each line followed by a newline: what the top
// body layer draws, the panes piece by piece so that the lines of a pane
// that did not change are the very strings of the last frame.
func (m *model) addBody(f *frame) {
	h := m.bodyHeight()
	body := m.stack.Body().Component
	screen, ok := body.(*paneScreen)
	if !ok {
		for _, l := range body.Render(m.width, h) {
			f.add(l)
			f.add("\n")
		}
		return
	}
	tabs, blocks := screen.columns(h)
	if tabs != "" {
		f.add(tabs)
		f.add("\n")
	}
	sep := m.styles.Sep.Render("│")
	for y := range len(blocks[0]) {
		for i := range blocks {
			if i > 0 {
				f.add(sep)
			}
			f.add(blocks[i][y])
		}
		f.add("\n")
	}
}

func (m *model) footerLines() []string {
	st := m.styles
	legend := m.legendLines()
	last := legend[len(legend)-1]
	notice := m.notice
	if m.locked && notice == "" {
		notice = "locked"
	}
	if s := m.status(); s != "" {
		notice = s
	}
	// The legend keeps its place. A notice too long to stand beside its
	// last line takes the short help's line instead, shortened only when
	// it is wider than the screen.
	room := m.width - ansi.StringWidth(last) - 2
	help := strings.Split(m.helpView(), "\n")
	if notice != "" && ansi.StringWidth(notice) > room && !m.fullHelpShown() && len(help) == 1 {
		help = []string{st.StatusLabel.Render(ansi.Truncate(notice, m.width, "…"))}
		notice = ""
	}
	if room < 1 {
		notice = ""
	}
	notice = st.Dim.Render(ansi.Truncate(notice, max(room, 0), "…"))
	var out []string
	for _, l := range legend[:len(legend)-1] {
		out = append(out, ui.Fit(l, m.width))
	}
	out = append(out, ui.Spread(last, notice, m.width))
	for _, l := range help {
		out = append(out, ui.Fit(l, m.width))
	}
	return out
}

// legendLines are the annotation kinds' legend, wrapped between kinds
// onto as many lines as the width needs rather than cut (the presenter's
// names what each kind means where there is room).
func (m *model) legendLines() []string {
	st := m.styles
	explain := m.presenter != nil && m.width >= 120
	var lines []string
	var line strings.Builder
	width := 0
	for _, k := range event.Kinds {
		// The marker needs no colour: it names the kind's counters
		// where only markers fit, marks its spans, and survives NO_COLOR.
		entry := k.Marker + st.Highlight[k.Kind].Render(k.Word)
		if explain {
			entry += st.Dim.Render(" " + k.Meaning)
		}
		w := ansi.StringWidth(entry)
		if width > 0 && width+2+w > m.width {
			lines = append(lines, line.String())
			line.Reset()
			width = 0
		}
		if width > 0 {
			line.WriteString("  ")
			width += 2
		}
		line.WriteString(entry)
		width += w
	}
	return append(lines, line.String())
}

// helpView is the key help under the legend, as the layer on top says:
// the first reachable layer that draws its own (the full help, the
// presenter's callout) or names its keys.
func (m *model) helpView() string {
	for _, l := range m.stack.Reachable() {
		if v, ok := l.Component.(interface{ helpView() string }); ok {
			if s := v.helpView(); s != "" {
				return s
			}
		}
		if keys := l.Component.ShortHelp(); keys != nil {
			return m.help.ShortHelpView(keys)
		}
	}
	return ""
}

// fullHelpShown reports whether `?` is open.
func (m *model) fullHelpShown() bool {
	_, ok := m.stack.Find(func(l ui.Layer) bool { _, ok := l.Component.(*fullHelp); return ok })
	return ok
}

// listTitle is the list's title while the list shows ("" otherwise), for
// the title's memo.
func (m *model) listTitle() string {
	b := m.listShown()
	if b == nil {
		return ""
	}
	left, right := b.list.Title()
	return left + right + fmt.Sprint(m.stack.Body().Component == b.hits)
}
