package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// minWidth and minHeight are the smallest screen the app draws on.
const (
	minWidth  = 30
	minHeight = 10
)

func (m *model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "omnigap · " + oneLine(m.sc.Title)
	return v
}

// render draws the whole screen: exactly height lines of width cells.
func (m *model) render() string {
	if m.width == 0 || m.height == 0 {
		return ""
	}
	if m.width < minWidth || m.height < minHeight {
		msg := fit(fmt.Sprintf("omnigap needs %dx%d; this terminal is %dx%d", minWidth, minHeight, m.width, m.height), m.width)
		return msg + strings.Repeat("\n"+strings.Repeat(" ", m.width), m.height-1)
	}
	var b strings.Builder
	b.Grow((m.width + 16) * m.height)
	lines := make([]string, 0, m.height)
	lines = append(lines, m.titleLines()...)
	lines = append(lines, m.body()...)
	lines = append(lines, m.footerLines()...)
	for i, l := range lines[:min(len(lines), m.height)] {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()
}

func (m *model) titleLines() []string {
	st := m.st
	state := fmt.Sprintf("seed %d · pace %s", m.seed, paceLabel(m.pace))
	if m.paused {
		state = "paused · " + state
	}
	right := st.dim.Render(state)
	title := st.title.Render(oneLine(m.sc.Title))
	setting := st.setting.Render(oneLine(strings.TrimSpace(m.sc.Setting)))
	if m.titleHeight() == 1 {
		return []string{spread(title+"  "+setting, right, m.width)}
	}
	return []string{spread(title, right, m.width), fit(setting, m.width)}
}

func (m *model) body() []string {
	h := m.bodyHeight()
	if m.panel != nil {
		return m.panel.Render(m.width, h, &m.st)
	}
	if m.tabbed() {
		return append([]string{m.tabBar()}, m.panes[m.focus].Render(m.width, h-1)...)
	}
	cols := m.columns()
	blocks := make([][]string, len(m.panes))
	for i, p := range m.panes {
		blocks[i] = p.Render(cols[i].w, h)
	}
	sep := m.st.sep.Render("│")
	out := make([]string, h)
	var row strings.Builder
	for y := range h {
		row.Reset()
		for i := range blocks {
			if i > 0 {
				row.WriteString(sep)
			}
			row.WriteString(blocks[i][y])
		}
		out[y] = row.String()
	}
	return out
}

// tabBar names every pane with its status; the focused one stands out.
func (m *model) tabBar() string {
	var b strings.Builder
	for i, p := range m.panes {
		label := fmt.Sprintf(" %s %s ", p.mode.Label(), p.status())
		if i == m.focus {
			b.WriteString(m.st.tabActive.Render(label))
		} else {
			b.WriteString(m.st.tab.Render(label))
		}
		b.WriteByte(' ')
	}
	return fit(b.String(), m.width)
}

func (m *model) footerLines() []string {
	st := m.st
	var legend strings.Builder
	for i, k := range annotationKinds {
		if i > 0 {
			legend.WriteString("  ")
		}
		legend.WriteString(st.highlight[i].Render(kindLabel[k]))
	}
	notice := st.dim.Render(m.notice)
	if m.sync && m.notice == "" {
		notice = st.dim.Render("sync")
	}
	out := []string{spread(legend.String(), notice, m.width)}
	for _, l := range strings.Split(m.helpView(), "\n") {
		out = append(out, fit(l, m.width))
	}
	return out
}

func (m *model) helpView() string { return m.help.View(m.keys) }
