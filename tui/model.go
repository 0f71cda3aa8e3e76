package tui

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/scenario"
)

// overlayKind names the full-screen panel shown instead of the panes.
type overlayKind uint8

const (
	noOverlay overlayKind = iota
	infoOverlay
	auditOverlay
)

// model is the one tea.Model of the app. Panes and panels are plain
// structs it drives; run control goes through each run's Controller, and
// starting runs happens in a command.
type model struct {
	s     *session
	sc    *scenario.Scenario
	st    styles
	keys  keyMap
	help  help.Model
	panes []*pane
	gen   *generation

	width, height int
	footerHeight  int // legend line plus help, set by resize
	focus         int
	paused        bool
	sync          bool
	pace          time.Duration
	seed          int64

	title  memo[titleState]
	footer memo[footerState]

	overlay overlayKind
	panel   *doc
	notice  string
}

func newModel(s *session, g *generation) *model {
	m := &model{s: s, sc: s.opts.Scenario, st: newStyles(true), keys: newKeyMap(), help: help.New(), pace: s.opts.Pace, seed: s.opts.Seed}
	m.help.Styles = m.st.help
	for _, mode := range s.opts.Modes {
		m.panes = append(m.panes, newPane(mode, m.sc.MaxTurns, &m.st))
	}
	m.panes[0].focused = true
	if g != nil {
		m.install(g)
	}
	return m
}

// install shows a generation's runs in the panes.
func (m *model) install(g *generation) {
	m.gen, m.seed = g, g.seed
	for i, l := range g.lives {
		m.panes[i].attach(l)
		if m.paused {
			l.Control.Pause()
		}
	}
}

func (m *model) Init() tea.Cmd {
	return tea.Batch(m.s.feed.next(), tea.RequestBackgroundColor)
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.resize()
	case tea.BackgroundColorMsg:
		m.restyle(msg.IsDark())
	case batchMsg:
		m.route(msg)
		return m, m.s.feed.next()
	case startedMsg:
		if msg.err != nil {
			m.notice = "restart failed: " + oneLine(msg.err.Error())
			return m, nil
		}
		m.install(msg.gen)
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseWheelMsg:
		m.wheel(msg.Mouse())
	case tea.MouseClickMsg:
		if i := m.paneAt(msg.Mouse().X); i >= 0 && msg.Mouse().Button == tea.MouseLeft {
			m.setFocus(i)
		}
	}
	return m, nil
}

// route hands each run's events to the pane showing that run.
func (m *model) route(b batchMsg) {
	for _, part := range b {
		for _, p := range m.panes {
			if p.runID != "" && p.runID == part.run {
				for _, ev := range part.events {
					p.apply(ev)
				}
			}
		}
	}
}

func (m *model) restyle(dark bool) {
	m.st = newStyles(dark)
	m.help.Styles = m.st.help
	m.title.reset()
	m.footer.reset()
	for _, p := range m.panes {
		p.restyle()
	}
	if m.panel != nil {
		m.panel.width = 0
		m.resize()
	}
}
