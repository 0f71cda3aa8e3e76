package tui

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// overlayKind names the full-screen panel shown instead of the panes.
type overlayKind uint8

const (
	noOverlay overlayKind = iota
	infoOverlay
	auditOverlay
	revealOverlay // the end of a game, beside the SCRIPT run
	cardOverlay
	welcomeOverlay // a served game's first screen, before its runs start
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
	frame  frame

	overlay overlayKind
	panel   *doc
	notice  string
	// prompt is the open footer question (g, /); lastSearch repeats.
	prompt     *prompt
	lastSearch string
	forks      int   // forks started, so each gets its own seed and run id
	demo       *demo // presenter mode
	// early holds events of runs no pane shows yet: a run's first events
	// can arrive before the message that hands the run to its pane.
	early map[string][]event.Event
	// unfold shows the models' reasoning in full in the prompt audit.
	unfold bool

	// In play: the user's seat, the SCRIPT run the reveal compares with,
	// the side of the reveal that scrolls, and whether it was shown.
	play       *PlayOptions
	compare    *pane
	revealSide int
	revealed   bool
	// starting says the player left the welcome and the game is being
	// started: the welcome stays until it is, so no key meets a screen
	// without the game.
	starting bool
}

func newModel(s *session, g *generation) *model {
	m := &model{s: s, sc: s.opts.Scenario, st: newStyles(true), keys: newKeyMap(), help: help.New(), pace: s.opts.Pace, seed: s.opts.Seed, play: s.opts.Play}
	if s.opts.Demo != nil {
		m.demo = &demo{opts: s.opts.Demo}
		m.st = presenterStyles(m.st)
		m.keys = m.keys.forPresenter()
	}
	m.help.Styles = m.st.help
	// Three spaces between the `?` columns let all of them fit 80 cells.
	m.help.FullSeparator = "   "
	for _, mode := range s.opts.Modes {
		m.panes = append(m.panes, m.newPane(mode))
	}
	m.panes[0].focused = true
	m.keys.Tools.Reveal.SetEnabled(m.play != nil)
	m.keys.Playback.Restart.SetEnabled(m.play == nil || !m.play.Once)
	if m.play != nil {
		m.compare = newPane(view.Script, m.sc.MaxTurns, &m.st)
	}
	if g != nil {
		m.install(g)
	} else if m.play != nil && m.play.Welcome != "" {
		m.openOverlay(welcomeOverlay)
	}
	return m
}

// install shows a generation's runs in the panes.
func (m *model) install(g *generation) {
	m.gen, m.seed = g, g.seed
	if m.overlay == welcomeOverlay {
		m.overlay, m.panel, m.notice = noOverlay, nil, ""
		m.resize()
	}
	for i, l := range g.lives {
		m.panes[i].attach(l)
		if m.paused {
			l.Control.Pause()
		}
	}
	if g.player != nil {
		p := m.panes[0]
		p.masked, m.revealed = true, false
		p.hold = newHold(m.sc, m.play.Seat, g.player)
		p.hold.fixed = true
		p.hold.in.focus()
	}
	if g.compare != nil {
		m.compare.attach(g.compare)
	}
	early := m.early
	m.early = nil
	for id, evs := range early {
		if m.shows(id) {
			m.route(batchMsg{{run: id, events: evs}})
		}
	}
}

func (m *model) Init() tea.Cmd {
	return tea.Batch(m.s.feed.next(), tea.RequestBackgroundColor)
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	typing := m.typing() != nil
	next, cmd := m.update(msg)
	if (m.typing() != nil) != typing {
		m.resize() // the footer shows other keys while the user types
	}
	return next, cmd
}

func (m *model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
			m.starting = false // enter on the welcome tries again
			return m, nil
		}
		m.install(msg.gen)
	case forkedMsg:
		m.addFork(msg)
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		// Pasted text is typed into the open input, and goes nowhere else.
		if h := m.typing(); h != nil {
			return m, h.in.update(tea.PasteMsg{Content: textsafe.Clean(msg.Content)})
		}
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
		if !m.shows(part.run) {
			if m.early == nil {
				m.early = map[string][]event.Event{}
			}
			m.early[part.run] = append(m.early[part.run], part.events...)
			continue
		}
		for i, p := range m.panes {
			if p.runID != "" && p.runID == part.run {
				thoughts := len(p.thoughts)
				for _, ev := range part.events {
					p.apply(ev)
					if m.demo != nil && stopsDemo(ev) {
						m.callout(p, ev)
					}
				}
				if i == m.focus && m.overlay == auditOverlay && len(p.thoughts) != thoughts {
					m.reopenAudit()
				}
			}
		}
		if c := m.compare; c != nil && c.runID != "" && c.runID == part.run {
			for _, ev := range part.events {
				c.apply(ev)
			}
			if c.ending != nil && m.overlay == revealOverlay {
				m.panel.refresh()
			}
		}
	}
	m.endGame()
	m.endEpisode()
}

// shows reports whether a pane (or the reveal's comparison) shows run.
func (m *model) shows(run string) bool {
	for _, p := range m.panes {
		if p.runID == run {
			return true
		}
	}
	return m.compare != nil && m.compare.runID == run
}

// catchUp hands a newly attached run the events that came before it.
func (m *model) catchUp(run string) {
	if evs, ok := m.early[run]; ok {
		delete(m.early, run)
		m.route(batchMsg{{run: run, events: evs}})
	}
}

// endGame shows the reveal once the played run has ended.
func (m *model) endGame() {
	p := m.panes[0]
	if m.play == nil || p.ending == nil || m.revealed {
		return
	}
	m.revealed = true
	p.unmask()
	m.help.ShowAll = false
	m.openOverlay(revealOverlay)
}

func (m *model) restyle(dark bool) {
	m.st = newStyles(dark)
	if m.demo != nil {
		m.st = presenterStyles(m.st)
	}
	m.help.Styles = m.st.help
	m.title.reset()
	m.footer.reset()
	for _, p := range m.panes {
		p.restyle()
	}
	if m.compare != nil {
		m.compare.restyle()
	}
	if m.panel != nil {
		m.panel.width = 0
		m.resize()
	}
}
