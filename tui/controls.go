package tui

import (
	"fmt"
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/replay"
)

// paces are the word delays `+` and `-` step through.
var paces = []time.Duration{
	0, 5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond,
	40 * time.Millisecond, 60 * time.Millisecond, 100 * time.Millisecond,
	150 * time.Millisecond, 250 * time.Millisecond, 400 * time.Millisecond,
	600 * time.Millisecond, time.Second,
}

// wheelLines is how far one wheel notch scrolls.
const wheelLines = 3

func (m *model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	m.notice = ""
	// ctrl+c quits from anywhere; every other key goes to what has the
	// keyboard first: a question at the bottom of the pane, the input
	// box, the footer prompt, the presenter.
	modal := !key.Matches(msg, k.General.Interrupt)
	if m.overlay == welcomeOverlay {
		return m.welcomeKey(msg)
	}
	if p := m.panes[m.focus]; p.chooser != nil && modal && m.chooserKey(msg) {
		return nil
	}
	if p := m.panes[m.focus]; p.fork != nil && modal {
		if cmd, handled := m.forkKey(msg); handled {
			return cmd
		}
	}
	if h := m.typing(); h != nil && modal {
		return m.typingKey(h, msg)
	}
	if m.prompt != nil && modal {
		m.promptKey(msg)
		return nil
	}
	if m.demo != nil {
		if cmd, ok := m.presenterKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := m.playbackKey(msg); ok {
		return cmd
	}
	if m.navigationKey(msg) || m.paneKey(msg) {
		return nil
	}
	return m.toolKey(msg)
}

// playbackKey handles the playback and general keys; it reports whether
// the key was one.
func (m *model) playbackKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys.Playback
	switch {
	case key.Matches(msg, m.keys.General.Quit, m.keys.General.Interrupt):
		if m.gen != nil {
			m.gen.cancel(m.s.opts.QuitCause)
		}
		return tea.Quit, true
	case key.Matches(msg, m.keys.General.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.resize()
	case key.Matches(msg, k.Pause):
		m.setPaused(!m.paused)
	case key.Matches(msg, k.Step):
		m.step()
	case key.Matches(msg, k.Faster):
		m.setPace(-1)
	case key.Matches(msg, k.Slower):
		m.setPace(+1)
	case key.Matches(msg, k.Restart):
		return m.restart(), true
	case m.panel == nil && key.Matches(msg, k.Fork):
		m.openFork()
	default:
		return nil, false
	}
	return nil, true
}

// navigationKey handles scrolling and moving through an episode; it
// reports whether the key was one.
func (m *model) navigationKey(msg tea.KeyPressMsg) bool {
	k := m.keys.Navigation
	switch {
	case key.Matches(msg, k.Up):
		m.scroll(func(p *pane) { p.scrollBy(-1) }, -1)
	case key.Matches(msg, k.Down):
		m.scroll(func(p *pane) { p.scrollBy(1) }, 1)
	case key.Matches(msg, k.PageUp):
		m.scroll(func(p *pane) { p.scrollBy(-max(p.bodyHeight()-1, 1)) }, -max(m.panelPage(), 1))
	case key.Matches(msg, k.PageDown):
		m.scroll(func(p *pane) { p.scrollBy(max(p.bodyHeight()-1, 1)) }, max(m.panelPage(), 1))
	case key.Matches(msg, k.Home):
		m.scroll((*pane).scrollHome, -1<<30)
	case key.Matches(msg, k.End):
		m.toEnd()
		m.scroll((*pane).scrollEnd, 1<<30)
	case key.Matches(msg, k.Sync):
		m.sync = !m.sync
		m.notice = "panes unlocked"
		if m.sync {
			m.notice = "panes locked: they scroll together turn by turn"
		}
		m.align()
	case m.panel == nil && key.Matches(msg, k.GoTo):
		m.openPrompt(gotoPrompt)
	case m.panel == nil && key.Matches(msg, k.Search):
		m.openPrompt(searchPrompt)
	case m.panel == nil && key.Matches(msg, k.PrevTurn):
		m.stepTurn(-1)
	case m.panel == nil && key.Matches(msg, k.NextTurn):
		m.stepTurn(+1)
	case m.panel == nil && key.Matches(msg, k.PrevNote):
		m.stepNote(-1)
	case m.panel == nil && key.Matches(msg, k.NextNote):
		m.stepNote(+1)
	default:
		return false
	}
	return true
}

// paneKey handles the focus and the panels; it reports whether the key
// was one.
func (m *model) paneKey(msg tea.KeyPressMsg) bool {
	k := m.keys.Panes
	switch {
	case m.overlay == revealOverlay && key.Matches(msg, k.Next, k.Prev):
		m.revealSide ^= 1
		m.compare.focused = m.revealSide == 1
		m.resize()
	case key.Matches(msg, k.Next):
		m.setFocus((m.focus + 1) % len(m.panes))
	case key.Matches(msg, k.Prev):
		m.setFocus((m.focus + len(m.panes) - 1) % len(m.panes))
	case key.Matches(msg, k.Info):
		m.toggleOverlay(infoOverlay)
	case key.Matches(msg, k.Audit):
		m.toggleOverlay(auditOverlay)
	case key.Matches(msg, k.Card):
		if m.secret() {
			m.notice = "the card shows both sides: it comes with the reveal"
		} else {
			m.toggleOverlay(cardOverlay)
		}
	case key.Matches(msg, k.Unfold) && m.overlay != auditOverlay:
		m.notice = "z folds and unfolds the models' reasoning in the prompt audit: p opens it"
	case key.Matches(msg, k.Unfold) && len(m.panes[m.focus].thoughts) == 0:
		m.notice = "no reasoning in this pane yet: only models that think first have any"
	case key.Matches(msg, k.Unfold):
		m.unfold = !m.unfold
		m.reopenAudit()
	case key.Matches(msg, k.Close):
		if p := m.panes[m.focus]; m.panel == nil && !m.help.ShowAll && p.hold != nil && !p.hold.fixed {
			m.handBack(p)
			return true
		}
		m.overlay, m.panel = noOverlay, nil
		m.help.ShowAll = false
		m.resize()
	default:
		return false
	}
	return true
}

// toolKey handles the keys for playing a seat.
func (m *model) toolKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys.Tools
	switch {
	case key.Matches(msg, k.TakeOver):
		m.openChooser()
	case key.Matches(msg, k.Type):
		if h := m.panes[m.focus].hold; h != nil && m.panel == nil {
			h.in.focus()
		}
	case key.Matches(msg, k.Reveal):
		if m.revealed {
			m.openOverlay(revealOverlay)
		} else {
			m.notice = "the reveal comes when the game ends"
		}
	}
	return nil
}

// toEnd plays the rest of a replay at once, so end shows how it ends.
func (m *model) toEnd() {
	r := m.s.opts.Replay
	if r == nil || m.panel != nil || m.allEnded() {
		return
	}
	r.SetSpeed(0)
	m.pace = 0
	for _, p := range m.panes {
		if p.live != nil {
			p.live.Control.SetPace(0)
		}
	}
	m.setPaused(false)
	m.notice = "playing the rest of the replay at once"
}

func (m *model) allEnded() bool {
	for _, p := range m.panes {
		if p.ending == nil {
			return false
		}
	}
	return true
}

func (m *model) setPaused(paused bool) {
	m.paused = paused
	for _, p := range m.panes {
		p.paused = paused
		if p.live == nil {
			continue
		}
		if paused {
			p.live.Control.Pause()
		} else {
			p.live.Control.Resume()
		}
	}
}

// step lets every paused run play one more turn.
func (m *model) step() {
	if !m.paused {
		m.notice = "n steps paused runs: pause first with space"
		return
	}
	for _, p := range m.panes {
		if p.live != nil && p.ending == nil {
			p.live.Control.Step()
		}
	}
}

func (m *model) setPace(dir int) {
	if r := m.s.opts.Replay; r != nil && r.Speed() > 0 {
		i, found := slices.BinarySearch(replay.Speeds, r.Speed())
		if !found && dir < 0 {
			i--
		}
		// + plays faster, which is a higher speed.
		r.SetSpeed(replay.Speeds[min(max(i-dir, 0), len(replay.Speeds)-1)])
		m.notice = "replaying at " + speedLabel(r.Speed())
		m.title.reset()
		return
	}
	i, found := slices.BinarySearch(paces, m.pace)
	if !found && dir > 0 {
		i--
	}
	m.pace = paces[min(max(i+dir, 0), len(paces)-1)]
	for _, p := range m.panes {
		if p.live != nil {
			p.live.Control.SetPace(m.pace)
		}
	}
	m.notice = "pace " + paceLabel(m.pace)
}

func speedLabel(x float64) string {
	return fmt.Sprintf("%gx the recorded timing", x)
}

func paceLabel(d time.Duration) string {
	if d <= 0 {
		return "instant"
	}
	return fmt.Sprintf("%v/word", d)
}

func (m *model) setFocus(i int) {
	m.panes[m.focus].focused = false
	m.focus = i
	m.panes[i].focused = true
	if m.overlay == auditOverlay {
		m.openOverlay(auditOverlay)
	}
}

// scroll moves the open panel by panelLines, or the focused pane with fn;
// with synchronized scrolling the other panes follow by turn number.
func (m *model) scroll(fn func(*pane), panelLines int) {
	if m.overlay == revealOverlay && m.revealSide == 1 {
		fn(m.compare)
		return
	}
	if m.panel != nil {
		m.panel.scrollBy(panelLines)
		return
	}
	fn(m.panes[m.focus])
	m.align()
}

func (m *model) panelPage() int {
	if m.panel == nil {
		return 0
	}
	return m.panel.bodyHeight() - 1
}

// align brings the other panes to the focused pane's turn when scrolling
// is synchronized.
func (m *model) align() {
	if !m.sync {
		return
	}
	f := m.panes[m.focus]
	n := f.topTurn()
	for _, p := range m.panes {
		switch {
		case p == f:
		case f.follow:
			p.scrollEnd()
		default:
			p.scrollToTurn(n)
		}
	}
}

func (m *model) wheel(ms tea.Mouse) {
	var d int
	switch ms.Button {
	case tea.MouseWheelUp:
		d = -wheelLines
	case tea.MouseWheelDown:
		d = wheelLines
	default:
		return
	}
	if m.panel == nil {
		if i := m.paneAt(ms.X); i >= 0 && i != m.focus {
			m.setFocus(i)
		}
	}
	m.scroll(func(p *pane) { p.scrollBy(d) }, d)
}

func (m *model) toggleOverlay(k overlayKind) {
	if m.overlay == k {
		m.overlay, m.panel = noOverlay, nil
		return
	}
	m.openOverlay(k)
}

func (m *model) openOverlay(k overlayKind) {
	m.overlay = k
	p := m.panes[m.focus]
	switch {
	case k == welcomeOverlay:
		m.panel = welcomeDoc(m.sc, m.play, &m.st)
	case k == revealOverlay:
		m.panel = revealDoc(m.sc, m.play.Seat, p, m.compare, &m.st)
	case m.secret():
		m.panel = ownDoc(m.sc, m.play.Seat, &m.st)
	case k == infoOverlay:
		m.panel = infoDoc(m.sc, &m.st)
	case k == cardOverlay:
		m.panel = cardDoc(m)
	default:
		m.panel = auditDoc(m.sc, p.mode, p.backends, p.thoughts, m.unfold, &m.st)
	}
	m.resize()
}

// reopenAudit builds the open prompt audit again (new reasoning, or
// folding changed), keeping its scroll position.
func (m *model) reopenAudit() {
	top := m.panel.top
	m.openOverlay(auditOverlay)
	m.panel.top = top
}

// secret reports whether the partner's private side must stay off the
// screen: in play, until the game ends.
func (m *model) secret() bool { return m.play != nil && m.panes[0].ending == nil }

// restart cancels the runs and starts new ones with the next seed; their
// events start arriving once the command reports them.
func (m *model) restart() tea.Cmd {
	if m.gen != nil {
		m.gen.cancel(nil)
	}
	m.dropForks()
	for _, p := range m.panes {
		p.detach()
	}
	if m.compare != nil {
		m.compare.detach()
	}
	if m.overlay == revealOverlay {
		m.overlay, m.panel = noOverlay, nil
		m.resize()
	}
	m.notice = fmt.Sprintf("restarting with seed %d", m.seed+1)
	return m.s.restart(m.seed+1, m.pace)
}
