package tui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/browser"
	"github.com/omnigap/omnigap/tui/overlay"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// model is the one tea.Model of the app. What the screen shows is a
// stack of components (ui.Stack): the app's own keys at the bottom, the
// presenter's in presenter mode, the panes, and whatever opens over them
// (a panel, a question, the input box, the full help). Keys go to the top
// of the stack and down from there, and the topmost component that draws
// the body is drawn. Run control goes through each run's Controller, and
// starting runs happens in a command.
type model struct {
	session    *session
	scenario   *scenario.Scenario
	styles     ui.Styles
	keys       ui.KeyMap
	help       help.Model
	stack      ui.Stack
	panes      []*pane.Pane
	generation *generation

	width, height int
	footerHeight  int // legend lines plus help, set by resize
	focus         int
	paused        bool
	// locked panes scroll together turn by turn.
	locked bool
	pace   time.Duration
	seed   int64

	title  ui.Memo[titleState]
	footer ui.Memo[footerState]
	frame  frame

	notice string
	// unrecorded says a recording can no longer be written: the title
	// says so for the rest of the session.
	unrecorded bool
	lastSearch string // what / enter looks for again
	forks      int    // forks started, so each gets its own seed and run id
	presenter  *presenter
	sequence   *sequence // a replay of several scenarios
	browsing   *browsing // the list of a study's episodes (omnigap browse)
	// arrive is the turn to select once it is played (an episode opened
	// at a turn).
	arrive *arrival
	// pending holds events of runs no pane shows yet: a run's first
	// events can arrive before the message that hands the run to its
	// pane.
	pending map[string][]event.Event
	// unfold shows the models' reasoning in full in the prompt audit.
	unfold bool

	// In play: the user's seat, the SCRIPT run the reveal compares with,
	// and whether the reveal was shown.
	play     *PlayOptions
	script   *pane.Pane
	revealed bool
	// yours is the column of the seat the user plays.
	yours yourSide
}

func newModel(s *session, g *generation) *model {
	m := &model{session: s, scenario: s.opts.Scenario, styles: ui.NewStyles(true), help: help.New(), pace: s.opts.Pace, seed: s.opts.Seed, play: s.opts.Play}
	m.keys = ui.NewKeyMap(overlayKeys())
	m.stack.Push(ui.Layer{Component: &appKeys{m}, Place: ui.Global})
	if s.opts.Demo != nil {
		m.presenter = &presenter{m: m, opts: s.opts.Demo}
		m.styles = ui.Presenter(m.styles)
		m.keys = m.keys.ForPresenter()
		m.stack.Push(ui.Layer{Component: m.presenter, Place: ui.Global})
	} else if len(s.opts.Comparisons) > 1 {
		m.sequence = &sequence{m: m, comps: s.opts.Comparisons}
		m.keys = m.keys.ForSequence()
		m.stack.Push(ui.Layer{Component: m.sequence, Place: ui.Global})
	}
	m.help.Styles = m.styles.Help
	// Three spaces between the `?` columns let all of them fit 80 cells.
	m.help.FullSeparator = "   "
	if s.opts.Browse != nil {
		// The list first: the panes come with an episode opened from it.
		m.startBrowsing(s.opts.Browse)
		return m
	}
	m.stack.Push(ui.Layer{Component: &paneScreen{m}, Place: ui.Body})
	for _, mode := range s.opts.Modes {
		m.panes = append(m.panes, m.newPane(mode))
	}
	m.panes[0].SetFocused(true)
	if s.opts.Turn > 0 {
		m.arrive = &arrival{turn: s.opts.Turn}
	}
	m.keys.Tools.Reveal.SetEnabled(m.play != nil)
	m.keys.Playback.Restart.SetEnabled(m.play == nil || !m.play.Once)
	if m.play != nil {
		m.script = pane.New(view.Script, m.scenario.MaxTurns, &m.styles)
	}
	if g != nil {
		m.install(g)
	} else if m.play != nil && m.play.Welcome != "" {
		m.openWelcome()
	}
	return m
}

// common is what the components are made with.
func (m *model) common() ui.Common { return ui.Common{Keys: &m.keys, Styles: &m.styles} }

// install shows a generation's runs in the panes.
func (m *model) install(g *generation) {
	m.generation, m.seed = g, g.seed
	if m.closeOverlay(welcomeOverlay) {
		m.notice = ""
	}
	for i, l := range g.runs {
		m.panes[i].Attach(l)
		if m.paused {
			l.Control.Pause()
		}
	}
	if m.paused && len(g.runs) > 0 {
		m.notice = fmt.Sprintf("seed %d ready, paused: space to start", g.seed)
	}
	if g.player != nil {
		p := m.panes[0]
		p.Mask()
		m.revealed = false
		pl := pane.NewPlayer(m.scenario, m.play.Seat, g.player)
		pl.Fixed = true
		p.SetPlayer(pl)
		m.startTyping(p)
	}
	if g.script != nil {
		m.script.Attach(g.script)
	}
	pending := m.pending
	m.pending = nil
	for id, evs := range pending {
		if m.shows(id) {
			m.route(batchMsg{{run: id, events: evs}})
		}
	}
}

func (m *model) Init() tea.Cmd {
	return tea.Batch(m.session.feed.next(), tea.RequestBackgroundColor)
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	layers := m.stack.Version()
	next, cmd := m.update(msg)
	if m.stack.Version() != layers {
		m.resize() // what is on top says which keys the footer shows
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
	case tea.ColorProfileMsg:
		m.styles.Colourless = msg.Profile < colorprofile.ANSI
	case batchMsg:
		m.route(msg)
		return m, m.session.feed.next()
	case startedMsg:
		if msg.err != nil {
			m.notice = "restart failed: " + ui.Line(msg.err.Error())
			if m.session.opts.Failed != nil {
				m.notice = "the game could not start (the host is told why): enter tries again"
			}
			return m, m.stack.Send(overlay.WelcomeRetry{}) // enter on the welcome tries again
		}
		m.install(msg.gen)
	case unrecordedMsg:
		m.unrecorded = true
		m.notice = "no longer recorded: " + ui.Line(msg.err.Error())
		if m.session.opts.Unrecorded != nil {
			m.notice = "your game is no longer recorded (the host is told why); play on"
		}
	case forkedMsg:
		m.addFork(msg)
	case browser.TextsTick:
		return m, m.stack.Send(msg)
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		// Pasted text is typed into the open input, and goes nowhere else.
		if t, ok := m.stack.Top().Component.(*typing); ok {
			return m, t.player.Input.Update(tea.PasteMsg{Content: textsafe.Clean(msg.Content)})
		}
	case tea.MouseWheelMsg, tea.MouseClickMsg:
		return m, m.stack.Body().Component.Update(msg)
	}
	return m, nil
}

// key hands a key press to the stack. ctrl+c quits from anywhere, even
// while the user types.
func (m *model) key(msg tea.KeyPressMsg) tea.Cmd {
	m.notice = ""
	if key.Matches(msg, m.keys.General.Interrupt) {
		return m.quit()
	}
	cmd, why, _ := m.stack.Key(msg)
	if why != "" {
		m.notice = why
	}
	return cmd
}

// route hands each run's events to the pane showing that run, and tells
// the layers which runs changed.
func (m *model) route(b batchMsg) {
	for _, part := range b {
		if !m.shows(part.run) {
			if m.pending == nil {
				m.pending = map[string][]event.Event{}
			}
			m.pending[part.run] = append(m.pending[part.run], part.events...)
			continue
		}
		for _, p := range m.panes {
			if p.RunID() != "" && p.RunID() == part.run {
				for _, ev := range part.events {
					p.Apply(ev)
					if m.presenter != nil && stopsDemo(ev) {
						m.presenter.stopAt(p, ev)
					}
				}
			}
		}
		if s := m.script; s != nil && s.RunID() != "" && s.RunID() == part.run {
			for _, ev := range part.events {
				s.Apply(ev)
			}
		}
		m.stack.Send(ui.RunMsg{Run: part.run})
	}
	m.dropDocks()
	m.endGame()
	m.arriveAt()
	if m.presenter != nil {
		m.presenter.endEpisode()
	}
	if m.sequence != nil {
		m.sequence.endEpisode()
	}
}

// shows reports whether a pane (or the reveal's SCRIPT run) shows run.
func (m *model) shows(run string) bool {
	for _, p := range m.panes {
		if p.RunID() == run {
			return true
		}
	}
	return m.script != nil && m.script.RunID() == run
}

// catchUp hands a newly attached run the events that came before it.
func (m *model) catchUp(run string) {
	if evs, ok := m.pending[run]; ok {
		delete(m.pending, run)
		m.route(batchMsg{{run: run, events: evs}})
	}
}

// endGame shows the reveal once the played run has ended.
func (m *model) endGame() {
	if m.play == nil {
		return
	}
	p := m.panes[0]
	if p.Ending() == nil || m.revealed {
		return
	}
	m.revealed = true
	p.Unmask()
	m.stack.RemoveIf(func(l ui.Layer) bool { _, ok := l.Component.(*fullHelp); return ok })
	m.openReveal()
}

func (m *model) restyle(dark bool) {
	colourless := m.styles.Colourless
	m.styles = ui.NewStyles(dark)
	m.styles.Colourless = colourless
	if m.presenter != nil {
		m.styles = ui.Presenter(m.styles)
	}
	m.help.Styles = m.styles.Help
	m.title.Reset()
	m.footer.Reset()
	for _, p := range m.panes {
		p.Restyle()
	}
	if m.script != nil {
		m.script.Restyle()
	}
	if m.yours.drawn != nil {
		m.yours.drawn.Restyle()
	}
	m.stack.Send(ui.RestyleMsg{})
	m.resize()
}
