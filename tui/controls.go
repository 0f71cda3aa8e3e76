package tui

import (
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// paces are the word delays `+` and `-` step through.
var paces = []time.Duration{
	0, 5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond,
	40 * time.Millisecond, 60 * time.Millisecond, 100 * time.Millisecond,
	150 * time.Millisecond, 250 * time.Millisecond, 400 * time.Millisecond,
	600 * time.Millisecond, time.Second,
}

// toEnd plays the rest of a replay at once, so end shows how it ends.
func (m *model) toEnd() {
	r := m.session.opts.Replay
	if r == nil || m.allEnded() {
		return
	}
	r.SetSpeed(0)
	m.pace = 0
	for _, p := range m.panes {
		if p.Live() != nil {
			p.Live().Control.SetPace(0)
		}
	}
	m.setPaused(false)
	m.notice = "playing the rest of the replay at once"
}

func (m *model) allEnded() bool {
	for _, p := range m.panes {
		if p.Ending() == nil {
			return false
		}
	}
	return true
}

func (m *model) setPaused(paused bool) {
	m.paused = paused
	for _, p := range m.panes {
		p.SetPaused(paused)
		if p.Live() == nil {
			continue
		}
		if paused {
			p.Live().Control.Pause()
		} else {
			p.Live().Control.Resume()
		}
	}
}

// step lets every paused run play one more turn.
func (m *model) step() {
	for _, p := range m.panes {
		if p.Live() != nil && p.Ending() == nil {
			p.Live().Control.Step()
		}
	}
}

func (m *model) setPace(dir int) {
	if r := m.session.opts.Replay; r != nil && r.Speed() > 0 {
		i, found := slices.BinarySearch(replay.Speeds, r.Speed())
		if !found && dir < 0 {
			i--
		}
		// + plays faster, which is a higher speed.
		r.SetSpeed(replay.Speeds[min(max(i-dir, 0), len(replay.Speeds)-1)])
		m.notice = "replaying at " + speedLabel(r.Speed())
		m.title.Reset()
		return
	}
	i, found := slices.BinarySearch(paces, m.pace)
	if !found && dir > 0 {
		i--
	}
	m.pace = paces[min(max(i+dir, 0), len(paces)-1)]
	for _, p := range m.panes {
		if p.Live() != nil {
			p.Live().Control.SetPace(m.pace)
		}
	}
	m.notice = "pace " + paceLabel(m.pace)
}

func speedLabel(x float64) string {
	return fmt.Sprintf("%gx the recorded timing", x)
}

// untimedLabel says that a replay streams word by word, at pace d,
// because its recordings hold no timing to follow.
func untimedLabel(d time.Duration) string {
	if d <= 0 {
		return "untimed recording: played at once"
	}
	if d < time.Second {
		return fmt.Sprintf("untimed recording: paced at %g ms/word", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("untimed recording: paced at %g s/word", d.Seconds())
}

func paceLabel(d time.Duration) string {
	if d <= 0 {
		return "instant"
	}
	return fmt.Sprintf("%v/word", d)
}

// setFocus moves the keys to pane i. A question or input box under the
// pane that had the focus closes, as any other key would close it.
func (m *model) setFocus(i int) {
	if i == m.focus {
		return
	}
	m.stack.RemoveIf(func(l ui.Layer) bool { return l.Place == ui.Dock })
	m.panes[m.focus].SetFocused(false)
	m.focus = i
	m.panes[i].SetFocused(true)
	m.stack.Send(ui.FocusMsg{})
}

// scroll moves the focused pane with fn; locked panes follow by turn
// number.
func (m *model) scroll(fn func(*pane.Pane)) {
	fn(m.panes[m.focus])
	m.align()
}

// toggleLock locks the panes together, or lets them go.
func (m *model) toggleLock() {
	m.locked = !m.locked
	m.notice = "panes unlocked"
	if m.locked {
		m.notice = "panes locked: they scroll together turn by turn"
	}
	m.align()
}

// align brings the other panes to the focused pane's turn when the panes
// are locked.
func (m *model) align() {
	if !m.locked {
		return
	}
	f := m.panes[m.focus]
	n := f.TopTurn()
	for _, p := range m.panes {
		switch {
		case p == f:
		case f.Following():
			p.ScrollEnd()
		default:
			p.ScrollToTurn(n)
		}
	}
}

// secret reports whether the partner's private side must stay off the
// screen: in play, until the game ends.
func (m *model) secret() bool { return m.play != nil && m.panes[0].Ending() == nil }

// restart cancels the runs and starts new ones with the next seed; their
// events start arriving once the command reports them.
func (m *model) restart() tea.Cmd {
	if m.generation != nil {
		m.generation.cancel(nil)
	}
	m.dropForks()
	for _, p := range m.panes {
		p.Detach()
	}
	if m.script != nil {
		m.script.Detach()
	}
	m.closeOverlay(revealOverlay)
	m.dropDocks()
	m.notice = fmt.Sprintf("restarting with seed %d", m.seed+1)
	return m.session.restart(m.seed+1, m.pace)
}
