package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
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
	v.WindowTitle = "omnigap · " + oneLine(m.sc.Title)
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
		msg := fit(fmt.Sprintf("omnigap needs %dx%d; this terminal is %dx%d", minWidth, minHeight, m.width, m.height), m.width)
		return msg + strings.Repeat("\n"+strings.Repeat(" ", m.width), m.height-1)
	}
	f := &m.frame
	f.start()
	for _, l := range m.title.get(titleState{m.width, m.height, m.paused, m.seed, m.pace, m.demoState()}, m.titleLines) {
		f.add(l)
		f.add("\n")
	}
	m.addBody(f)
	for i, l := range m.footer.get(footerState{m.width, m.notice, m.sync, m.help.ShowAll, m.typing() != nil, m.promptLabel(), m.demoState()}, m.footerLines) {
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
	seed          int64
	pace          time.Duration
	demo          string
}

type footerState struct {
	width   int
	notice  string
	sync    bool
	showAll bool
	typing  bool
	prompt  string
	demo    string
}

// demoState is what the presenter's footer and title show, for the memos.
func (m *model) demoState() string {
	if m.demo == nil {
		return ""
	}
	return fmt.Sprintf("%d %t %s", m.demo.index, m.demo.board, m.demo.callout)
}

// promptLabel is the open footer question with the answer so far.
func (m *model) promptLabel() string {
	if m.prompt == nil {
		return ""
	}
	return m.prompt.label()
}

func (m *model) titleLines() []string {
	st := m.st
	state := fmt.Sprintf("seed %d · pace %s", m.seed, paceLabel(m.pace))
	if r := m.s.opts.Replay; r != nil && r.Speed() > 0 {
		state = fmt.Sprintf("seed %d · %gx recorded timing", m.seed, r.Speed())
	}
	if m.paused {
		state = "paused · " + state
	}
	if d := m.demo; d != nil {
		state = fmt.Sprintf("comparison %d of %d", d.index+1, len(d.opts.Comparisons))
		if m.paused {
			state = "paused · " + state
		}
	}
	right := st.dim.Render(state)
	plainTitle, plainSetting := oneLine(m.sc.Title), oneLine(strings.TrimSpace(m.sc.Setting))
	title := st.title.Render(plainTitle)
	if m.titleHeight() == 1 {
		room := m.width - ansi.StringWidth(plainTitle) - 2 - ansi.StringWidth(state) - 1
		if room < 12 {
			return []string{spread(title, right, m.width)}
		}
		return []string{spread(title+"  "+st.setting.Render(cutAtWord(plainSetting, room)), right, m.width)}
	}
	return []string{spread(title, right, m.width), fit(st.setting.Render(cutAtWord(plainSetting, m.width)), m.width)}
}

// cutAtWord shortens s to w cells at a word boundary, marked with "…".
func cutAtWord(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	cut := ansi.Truncate(s, w-1, "")
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}

// addBody draws the panes that fit side by side (under a tab bar when
// some are hidden), or the open panel, each line followed by a newline.
func (m *model) addBody(f *frame) {
	h := m.bodyHeight()
	var blocks [][]string
	switch {
	case m.overlay == revealOverlay:
		blocks = m.revealBlocks(h)
	case m.demo != nil && m.demo.board && m.panel == nil:
		blocks = [][]string{m.scoreboardLines(h)}
	case m.panel != nil:
		blocks = [][]string{m.panel.Render(m.width, h, &m.st)}
	default:
		cols := m.columns()
		first, end := m.shown()
		rows := h
		if m.tabbed() {
			rows--
		}
		for i := first; i < end; i++ {
			blocks = append(blocks, m.panes[i].Render(cols[i].w, rows))
		}
		if m.tabbed() {
			f.add(m.tabBar())
			f.add("\n")
		}
	}
	sep := m.st.sep.Render("│")
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

// tabBar names every pane with its status; the focused one stands out,
// the others on screen are plain, the hidden ones dim.
func (m *model) tabBar() string {
	var b strings.Builder
	first, end := m.shown()
	for i, p := range m.panes {
		label := fmt.Sprintf(" %s %s ", p.label(), p.status())
		switch {
		case i == m.focus:
			b.WriteString(m.st.tabActive.Render(label))
		case i >= first && i < end:
			b.WriteString(m.st.tabShown.Render(label))
		default:
			b.WriteString(m.st.tab.Render(label))
		}
		b.WriteByte(' ')
	}
	return fit(b.String(), m.width)
}

func (m *model) footerLines() []string {
	st := m.st
	var legend strings.Builder
	explain := m.demo != nil && m.width >= 120
	for i, k := range event.Kinds {
		if i > 0 {
			legend.WriteString("  ")
		}
		// The marker needs no colour: it names the kind's counters
		// where only markers fit, and survives NO_COLOR.
		legend.WriteString(k.Marker + st.highlight[k.Kind].Render(k.Word))
		if explain {
			legend.WriteString(st.dim.Render(" " + k.Meaning))
		}
	}
	notice := m.notice
	if m.sync && notice == "" {
		notice = "locked"
	}
	if m.prompt != nil {
		notice = m.prompt.label()
	}
	// The legend keeps its place. A notice too long to stand beside it
	// takes the short help's line instead, shortened only when it is
	// wider than the screen.
	room := m.width - ansi.StringWidth(legend.String()) - 2
	help := strings.Split(m.helpView(), "\n")
	if ansi.StringWidth(notice) > room && !m.help.ShowAll && len(help) == 1 {
		help = []string{st.statusLabel.Render(ansi.Truncate(notice, m.width, "…"))}
		notice = ""
	}
	if room < 1 {
		notice = ""
	}
	notice = st.dim.Render(ansi.Truncate(notice, max(room, 0), "…"))
	out := []string{spread(legend.String(), notice, m.width)}
	for _, l := range help {
		out = append(out, fit(l, m.width))
	}
	return out
}

// helpView is the key help under the legend: the typing keys while the
// user types a move, else the app's keys.
func (m *model) helpView() string {
	if m.typing() != nil {
		return m.help.ShortHelpView(m.keys.typingHelp())
	}
	if m.demo != nil && !m.help.ShowAll {
		return m.presenterHelp()
	}
	return m.help.View(m.keys)
}
