package tui

import (
	"context"
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/tui/chooser"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// ForkBackend is one choice of what plays a fork's new turns.
type ForkBackend struct {
	Key     string // the key that picks it: "b" built-in, "e" endpoint
	Label   string
	Factory episode.Factory // nil when the choice is not set up; Label says why
}

// forkChoice is a backend for both seats, or a person in one seat with
// the first backend in the other.
type forkChoice struct {
	key, label string
	backend    *ForkBackend
	seat       int // the seat a person plays, or -1
}

// forkChoices are what may play a fork: each backend, then the user in
// either seat beside the first.
func (m *model) forkChoices() []forkChoice {
	backends := m.session.opts.ForkBackends
	var out []forkChoice
	for i := range backends {
		out = append(out, forkChoice{key: backends[i].Key, label: backends[i].Label, backend: &backends[i], seat: -1})
	}
	if len(backends) > 0 {
		for seat := range 2 {
			out = append(out, forkChoice{key: fmt.Sprint(seat), backend: &backends[0], seat: seat,
				label: fmt.Sprintf("you play %s (%s)", ui.Line(m.scenario.Seats[seat].Character.Name), ui.Line(m.scenario.Seats[seat].Role))})
		}
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

// forkTurn is the turn f forks the focused pane after: the selected one,
// else the newest finished one.
func (m *model) forkTurn() int {
	p := m.panes[m.focus]
	if p.Cursor() != 0 {
		return p.Cursor()
	}
	return p.Completed()
}

// cannotFork says why f does nothing on the focused pane.
func (m *model) cannotFork() string {
	p, turn := m.panes[m.focus], m.forkTurn()
	switch {
	case m.play != nil:
		return "forks are for watching and replaying"
	case p.Live() == nil:
		return "the run is restarting"
	case turn == 0:
		return "nothing to fork yet: wait for the first turn"
	case len(m.session.opts.ForkBackends) == 0:
		return "no backend to fork onto"
	case p.Prefix(turn) == nil:
		return fmt.Sprintf("turn %d has not finished", turn)
	}
	return ""
}

// openFork asks what plays a fork of the focused pane's selected turn.
func (m *model) openFork() {
	p, turn := m.panes[m.focus], m.forkTurn()
	st := &m.styles
	choices := m.forkChoices()
	options := make([]chooser.Option, len(choices))
	for i, c := range choices {
		options[i] = chooser.Option{Key: c.key, Line: st.Title.Render(c.key) + " " + c.label}
	}
	title := st.Title.Render(fmt.Sprintf(" fork after turn %d: who plays on? ", turn))
	m.dock(p, chooser.New(m.common(), title, "key or ↑↓ enter · esc", options, func(i int) tea.Cmd {
		return m.fork(p, turn, choices[i])
	}), nil)
}

// fork starts a fork of p after turn with choice playing on.
func (m *model) fork(p *pane.Pane, turn int, choice forkChoice) tea.Cmd {
	if choice.backend.Factory == nil {
		m.notice = choice.label
		return nil
	}
	m.forks++
	o := m.session.opts
	spec := episode.Spec{
		Scenario: m.scenario, Mode: p.Mode(), Seed: m.seed + int64(m.forks), Pace: m.pace,
		Factory: choice.backend.Factory, Annotate: o.Annotate, Buffer: 64,
		RecordDir: m.forkDir(p), MaxUtterance: o.MaxUtterance,
		Fork: &episode.Fork{Parent: record.Parent{Recording: m.parentOf(p), Run: p.RunID(), Turn: turn}, Prefix: p.Prefix(turn)},
	}
	m.notice = fmt.Sprintf("forking %s after turn %d…", p.Mode().Label(), turn)
	return m.session.fork(spec, choice.seat, turn)
}

// parentOf is the recording a pane shows or writes, if any.
func (m *model) parentOf(p *pane.Pane) string {
	if src := m.session.opts.Sources[p.Mode()]; src != "" && p.ForkAt() == 0 {
		return src
	}
	if p.Live() != nil {
		return p.Live().Recording
	}
	return ""
}

// forkDir is where a fork records: the session's folder, else a forks/
// folder beside its parent (kept apart, so that replaying the parent's
// folder does not pick the forks up as more runs), else recordings/forks.
func (m *model) forkDir(p *pane.Pane) string {
	switch parent := m.parentOf(p); {
	case m.session.opts.RecordDir != "":
		return m.session.opts.RecordDir
	case parent != "":
		return filepath.Join(filepath.Dir(parent), "forks")
	}
	return filepath.Join("recordings", "forks")
}

// fork is the command that starts a forked run; seat >= 0 puts the user
// in that seat.
func (s *session) fork(spec episode.Spec, seat, turn int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithCancel(s.ctx)
		msg := forkedMsg{seat: seat, turn: turn, cancel: cancel}
		if seat >= 0 {
			msg.player = human.New()
			spec.Factory = episode.Seated{Factory: spec.Factory, Seat: seat, Player: msg.player}
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
		m.notice = "fork failed: " + ui.Line(msg.err.Error())
		return
	}
	p := m.newPane(msg.live.Spec.Mode)
	p.Attach(msg.live)
	p.SetFork(msg.turn, msg.cancel)
	p.SetPaused(m.paused)
	if m.paused {
		msg.live.Control.Pause()
	}
	if msg.player != nil {
		pl := pane.NewPlayer(m.scenario, msg.seat, msg.player)
		pl.Fixed = true
		p.SetPlayer(pl)
	}
	m.panes = append(m.panes, p)
	m.catchUp(p.RunID())
	m.resize()
	m.setFocus(len(m.panes) - 1)
	if p.Player() != nil {
		m.startTyping(p)
	}
	m.notice = forkNotice(msg.turn, msg.live.Spec.Seed, m.seed, msg.live.Recording, m.width)
}

// forkNotice says where a fork of turn plays on and records, in width
// cells: its own seed (a fork plays on with a seed of its own, named in
// its recording's name) beside the run's, and the recording's path, or
// its name alone when the path does not fit.
func forkNotice(turn int, seed, runSeed int64, path string, width int) string {
	lead := fmt.Sprintf("fork of turn %d plays on with seed %d (the run's is %d), recording ", turn, seed, runSeed)
	if runSeed == seed {
		lead = fmt.Sprintf("fork of turn %d, seed %d, recording ", turn, seed)
	}
	for _, p := range []string{path, filepath.Base(path)} {
		if n := lead + p; ansi.StringWidth(n) <= width {
			return n
		}
	}
	return fmt.Sprintf("fork of turn %d, seed %d: %s", turn, seed, filepath.Base(path))
}

// dropForks stops the forks and removes their panes (before a restart).
func (m *model) dropForks() {
	if len(m.panes) == 0 {
		m.dropDocks()
		return
	}
	kept := m.panes[:0]
	for _, p := range m.panes {
		if p.ForkAt() > 0 {
			p.StopFork()
			continue
		}
		kept = append(kept, p)
	}
	m.panes = kept
	m.focus = min(m.focus, len(m.panes)-1)
	m.panes[m.focus].SetFocused(true)
	m.dropDocks()
}
