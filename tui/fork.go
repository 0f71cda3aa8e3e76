package tui

import (
	"context"
	"fmt"
	"path/filepath"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
)

// ForkBackend is one choice of what plays a fork's new turns.
type ForkBackend struct {
	Key     string // the key that picks it: "b" built-in, "e" endpoint
	Label   string
	Factory episode.Factory // nil when the choice is not set up; Label says why
}

// forkChooser asks, at the bottom of a pane, what plays the fork of turn.
type forkChooser struct {
	turn    int
	choices []forkChoice
	cursor  int
}

// forkChoice is a backend for both seats, or a person in one seat with
// the first backend in the other.
type forkChoice struct {
	key, label string
	backend    *ForkBackend
	seat       int // the seat a person plays, or -1
}

func newForkChooser(sc *scenario.Scenario, turn int, backends []ForkBackend) *forkChooser {
	c := &forkChooser{turn: turn}
	for i := range backends {
		c.choices = append(c.choices, forkChoice{key: backends[i].Key, label: backends[i].Label, backend: &backends[i], seat: -1})
	}
	if len(backends) > 0 {
		for seat := range 2 {
			c.choices = append(c.choices, forkChoice{key: fmt.Sprint(seat), backend: &backends[0], seat: seat,
				label: fmt.Sprintf("you play %s (%s)", oneLine(sc.Seats[seat].Character.Name), oneLine(sc.Seats[seat].Role))})
		}
	}
	return c
}

// key handles one key press: the chosen option (nil for none), whether
// the chooser closes, and whether the key was the chooser's.
func (c *forkChooser) key(msg tea.KeyPressMsg, k keyMap) (choice *forkChoice, done, handled bool) {
	switch {
	case key.Matches(msg, k.Navigation.Up, k.Panes.Prev):
		c.cursor = max(c.cursor-1, 0)
	case key.Matches(msg, k.Navigation.Down, k.Panes.Next):
		c.cursor = min(c.cursor+1, len(c.choices)-1)
	case key.Matches(msg, k.Tools.Type):
		return &c.choices[c.cursor], true, true
	case key.Matches(msg, k.Panes.Close):
		return nil, true, true
	default:
		for i := range c.choices {
			if c.choices[i].key == msg.String() {
				return &c.choices[i], true, true
			}
		}
		// Any other key closes the question and does what it does.
		return nil, true, false
	}
	return nil, false, true
}

// Render returns the chooser's lines, each exactly width cells.
func (c *forkChooser) Render(width int, st *styles) []string {
	out := []string{dockRule(st.title.Render(fmt.Sprintf(" fork after turn %d: who plays on? ", c.turn)), "key or ↑↓ enter · esc", width, st)}
	for i, ch := range c.choices {
		mark := "  "
		if i == c.cursor {
			mark = st.title.Render("› ")
		}
		out = append(out, fit(mark+st.title.Render(ch.key)+" "+ch.label, width))
	}
	return out
}

// forkedMsg reports a fork that started, or why it did not.
type forkedMsg struct {
	live   *episode.Live
	player *human.Backend
	seat   int
	turn   int
	cancel context.CancelFunc
	err    error
}

// openFork asks what plays a fork of the focused pane's selected turn
// (the newest finished turn when none is selected).
func (m *model) openFork() {
	p := m.panes[m.focus]
	turn := p.cursor
	if turn == 0 {
		turn = p.completed
	}
	switch {
	case m.play != nil:
		m.notice = "forks are for watching and replaying"
	case p.live == nil:
		m.notice = "the run is restarting"
	case turn == 0:
		m.notice = "nothing to fork yet: wait for the first turn"
	case len(m.s.opts.ForkBackends) == 0:
		m.notice = "no backend to fork onto"
	case p.prefix(turn) == nil:
		m.notice = fmt.Sprintf("turn %d has not finished", turn)
	default:
		p.fork = newForkChooser(m.sc, turn, m.s.opts.ForkBackends)
	}
}

// forkKey routes a key to the focused pane's open fork chooser and
// reports whether the chooser used it.
func (m *model) forkKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	p := m.panes[m.focus]
	c := p.fork
	choice, done, handled := c.key(msg, m.keys)
	if done {
		p.fork = nil
	}
	if choice == nil {
		return nil, handled
	}
	if choice.backend.Factory == nil {
		m.notice = choice.label
		return nil, true
	}
	m.forks++
	spec := episode.Spec{
		Scenario: m.sc, Mode: p.mode, Seed: m.seed + int64(m.forks), Pace: m.pace,
		Factory: choice.backend.Factory, Annotate: m.s.opts.Annotate, Buffer: 64,
		RecordDir: m.forkDir(p), MaxUtterance: m.s.opts.MaxUtterance,
		Fork: &episode.Fork{Parent: record.Parent{Recording: m.parentOf(p), Run: p.runID, Turn: c.turn}, Prefix: p.prefix(c.turn)},
	}
	m.notice = fmt.Sprintf("forking %s after turn %d…", p.mode.Label(), c.turn)
	return m.s.fork(spec, choice.seat, c.turn), true
}

// parentOf is the recording a pane shows or writes, if any.
func (m *model) parentOf(p *pane) string {
	if src := m.s.opts.Sources[p.mode]; src != "" && p.forkAt == 0 {
		return src
	}
	if p.live != nil {
		return p.live.Recording
	}
	return ""
}

// forkDir is where a fork records: the session's folder, else a forks/
// folder beside its parent (kept apart, so that replaying the parent's
// folder does not pick the forks up as more runs), else recordings/forks.
func (m *model) forkDir(p *pane) string {
	switch parent := m.parentOf(p); {
	case m.s.opts.RecordDir != "":
		return m.s.opts.RecordDir
	case parent != "":
		return filepath.Join(filepath.Dir(parent), "forks")
	}
	return filepath.Join("recordings", "forks")
}

// prefix is turns 1..n, or nil when one has not finished.
func (p *pane) prefix(n int) []run.Turn {
	if n > len(p.turns) {
		return nil
	}
	out := make([]run.Turn, 0, n)
	for t := 1; t <= n; t++ {
		e := p.turn(t)
		if e.action == nil {
			return nil
		}
		out = append(out, run.Turn{Number: t, Seat: e.seat, Speaker: e.speaker, Backend: e.backend, Action: *e.action})
	}
	return out
}

// fork is the command that starts a forked run; seat >= 0 puts the user
// in that seat.
func (s *session) fork(spec episode.Spec, seat, turn int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithCancel(s.ctx)
		msg := forkedMsg{seat: seat, turn: turn, cancel: cancel}
		if seat >= 0 {
			msg.player = human.New()
			spec.Factory = seatFactory{Factory: spec.Factory, seat: seat, player: msg.player}
		}
		msg.live, msg.err = s.launch(ctx, spec)
		if msg.err != nil {
			cancel()
		}
		return msg
	}
}

// addFork shows a started fork in a new pane and focuses it.
func (m *model) addFork(msg forkedMsg) {
	if msg.err != nil {
		m.notice = "fork failed: " + oneLine(msg.err.Error())
		return
	}
	p := newPane(msg.live.Spec.Mode, m.sc.MaxTurns, &m.st)
	p.attach(msg.live)
	p.forkAt, p.stop, p.paused = msg.turn, msg.cancel, m.paused
	if m.paused {
		msg.live.Control.Pause()
	}
	if msg.player != nil {
		p.hold = newHold(m.sc, msg.seat, msg.player)
		p.hold.fixed = true
		p.hold.in.focus()
	}
	m.panes = append(m.panes, p)
	m.catchUp(p.runID)
	m.resize()
	m.setFocus(len(m.panes) - 1)
	m.notice = fmt.Sprintf("fork of turn %d records to %s", msg.turn, msg.live.Recording)
}

// dropForks stops the forks and removes their panes (before a restart).
func (m *model) dropForks() {
	kept := m.panes[:0]
	for _, p := range m.panes {
		if p.forkAt > 0 {
			p.stop()
			continue
		}
		kept = append(kept, p)
	}
	m.panes = kept
	m.focus = min(m.focus, len(m.panes)-1)
	m.panes[m.focus].focused = true
}
