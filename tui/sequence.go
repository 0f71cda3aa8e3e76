package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/tui/ui"
)

// sequence is the layer of keys of a replay of several scenarios
// (Options.Comparisons): n and → go to the next scenario, after the last
// back to the first, as in the presenter; the footer says so when every
// run of a scenario has ended. It sits on the app's keys.
type sequence struct {
	m     *model
	comps []Comparison
	index int  // the scenario on screen
	ended bool // every run of this scenario has ended, and the footer said so
}

func (q *sequence) Bindings() []ui.Binding {
	return []ui.Binding{{Key: q.m.keys.Presenter.NextScene, Do: func(tea.KeyPressMsg) tea.Cmd { return q.next() }}}
}

func (q *sequence) Update(tea.Msg) tea.Cmd   { return nil }
func (q *sequence) SetSize(int, int)         {}
func (q *sequence) Render(int, int) []string { return nil }

// ShortHelp is the footer line: the usual one with the next scenario.
func (q *sequence) ShortHelp() []key.Binding {
	k := q.m.keys
	return []key.Binding{k.Playback.Pause, k.Presenter.NextScene, k.Panes.Next, k.Navigation.NextNote, k.General.Help, k.General.Quit}
}

// state is what the title shows of the sequence.
func (q *sequence) state() string {
	if q == nil {
		return ""
	}
	return fmt.Sprintf("scenario %d of %d", q.index+1, len(q.comps))
}

// endEpisode says, once every run of the scenario has ended, what n does.
func (q *sequence) endEpisode() {
	if q.ended || !q.m.allEnded() {
		return
	}
	q.ended = true
	next := q.comps[(q.index+1)%len(q.comps)]
	where := "next"
	if q.index == len(q.comps)-1 {
		where = "first"
	}
	q.m.notice = fmt.Sprintf("every run has ended · n: the %s scenario, %s", where, ui.Line(next.Scenario.Title))
}

// next shows the next scenario (after the last, the first again).
func (q *sequence) next() tea.Cmd {
	q.index = (q.index + 1) % len(q.comps)
	q.ended = false
	return q.m.show(q.comps[q.index])
}

// show replaces the panes with the comparison's and starts its runs.
func (m *model) show(c Comparison) tea.Cmd {
	if m.generation != nil {
		m.generation.cancel(nil)
	}
	m.dropForks()
	for _, p := range m.panes {
		p.Detach()
	}
	o := &m.session.opts
	o.Scenario, o.Modes, o.Factory, o.Sources, o.Seed = c.Scenario, c.Modes, c.Factory, c.Sources, c.Seed
	o.Replay, o.Untimed = c.Replay, c.Untimed
	m.scenario = c.Scenario
	m.panes = nil
	for _, mode := range c.Modes {
		m.panes = append(m.panes, m.newPane(mode))
	}
	m.focus = 0
	m.panes[0].SetFocused(true)
	m.closeOverlay("")
	m.dropDocks()
	m.paused = false
	m.title.Reset()
	m.resize()
	return m.session.restart(c.Seed, m.pace)
}
