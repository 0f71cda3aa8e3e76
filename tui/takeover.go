package tui

import (
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// hold is a seat the user plays in one pane: the human backend that plays
// it, the seat's own View (what a person in that seat knows, even in a
// SCRIPT pane) and the input box.
type hold struct {
	seat    int
	backend *human.Backend
	view    view.View
	in      input
	// fixed is set in play: the seat is the user's for the whole run and
	// cannot be handed back.
	fixed bool
	// sent is the turn the last move was sent for, so one turn gets one
	// move even before its completion arrives.
	sent int
}

func newHold(sc *scenario.Scenario, seat int, b *human.Backend) *hold {
	return &hold{seat: seat, backend: b, view: view.For(sc, view.Agents, seat), in: newInput(seat, sc.Seats[seat].Character.Name)}
}

// typing returns the focused pane's hold when its input has the keyboard.
func (m *model) typing() *hold {
	if m.panel != nil {
		return nil
	}
	if h := m.panes[m.focus].hold; h != nil && h.in.focused() {
		return h
	}
	return nil
}

// typingKey handles a key while the user types: enter sends, esc leaves
// the input, the arrow and page keys scroll, and everything else is text.
func (m *model) typingKey(h *hold, msg tea.KeyPressMsg) tea.Cmd {
	p := m.panes[m.focus]
	switch {
	case key.Matches(msg, m.keys.Tools.Type):
		m.send(p, h)
	case key.Matches(msg, m.keys.Panes.Close):
		h.in.blur()
		m.notice = "enter types again"
		if !h.fixed {
			m.notice += " · esc hands the seat back"
		}
	case key.Matches(msg, m.keys.Navigation.Up) && msg.Text == "":
		m.scroll(func(p *pane) { p.scrollBy(-1) }, 0)
	case key.Matches(msg, m.keys.Navigation.Down) && msg.Text == "":
		m.scroll(func(p *pane) { p.scrollBy(1) }, 0)
	case key.Matches(msg, m.keys.Navigation.PageUp) && msg.Text == "":
		m.scroll(func(p *pane) { p.scrollBy(-max(p.bodyHeight()-1, 1)) }, 0)
	case key.Matches(msg, m.keys.Navigation.PageDown) && msg.Text == "":
		m.scroll(func(p *pane) { p.scrollBy(max(p.bodyHeight()-1, 1)) }, 0)
	default:
		return h.in.update(msg)
	}
	return nil
}

// openChooser asks which seat of the focused pane to take over, or gives
// the keyboard back to the seat the pane already holds.
func (m *model) openChooser() {
	p := m.panes[m.focus]
	switch {
	case p.hold != nil:
		p.hold.in.focus()
	case p.live == nil:
		m.notice = "the run is restarting"
	case p.ending != nil:
		m.notice = "this run has ended: r starts a new one"
	case p.replaying():
		m.notice = "a replay shows what was recorded: f forks it to play a seat from there"
	default:
		p.chooser = newChooser(m.sc)
	}
}

// replaying reports whether the pane plays a recording back, where no
// seat can change hands (a fork of it can).
func (p *pane) replaying() bool {
	_, playsBack := p.live.Spec.Factory.(episode.Player)
	return playsBack && p.live.Spec.Fork == nil
}

// chooserKey routes a key to the focused pane's open chooser and reports
// whether the chooser used it.
func (m *model) chooserKey(msg tea.KeyPressMsg) bool {
	p := m.panes[m.focus]
	seat, done, handled := p.chooser.key(msg, m.keys)
	if done {
		p.chooser = nil
	}
	if seat >= 0 {
		m.takeOver(p, seat)
	}
	return handled
}

// takeOver hands seat to the user from its next turn.
func (m *model) takeOver(p *pane, seat int) {
	if p.live == nil || p.ending != nil {
		return
	}
	b := human.New()
	p.live.Control.TakeOver(seat, b)
	p.hold = newHold(m.sc, seat, b)
	p.hold.in.focus()
	m.notice = fmt.Sprintf("you play %s from their next turn", oneLine(m.sc.Seats[seat].Character.Name))
}

// handBack returns the pane's seat to the run's own backend. A turn of the
// seat that already waits for the user is played by that backend instead.
func (m *model) handBack(p *pane) {
	h := p.hold
	p.live.Control.HandBack(h.seat)
	p.hold = nil
	m.notice = fmt.Sprintf("%s handed back to %s", oneLine(m.sc.Seats[h.seat].Character.Name), oneLine(p.backends[h.seat]))
}

// send checks what the user typed and, when it is a valid move on their
// turn, hands it to the seat's backend. Anything else is refused in the
// input box with the reason, and nothing is sent.
func (m *model) send(p *pane, h *hold) {
	a, err := human.Parse(h.in.ti.Value(), h.view, p.history())
	switch {
	case errors.Is(err, human.ErrHelp):
		h.in.showHelp(human.Help(m.sc.Family))
		return
	case err != nil:
		h.in.refuse(err.Error())
		return
	case !p.yourTurn(h):
		h.in.refuse("not your turn yet: wait for " + oneLine(h.view.Partner().Name) + p.pauseHint())
		return
	}
	if !h.backend.Submit(a) {
		h.in.refuse("your move for this turn is already on its way")
		return
	}
	h.sent = p.current().turn
	h.in.sent()
}

// yourTurn reports whether a turn of the held seat waits for its move.
func (p *pane) yourTurn(h *hold) bool {
	cur := p.current()
	return cur != nil && cur.seat == h.seat && cur.backend == human.Name && cur.turn != h.sent
}

func (p *pane) pauseHint() string {
	if p.paused {
		return " (the runs are paused: esc, then space resumes)"
	}
	return ""
}

// history is the pane's dialogue so far as the runner keeps it.
func (p *pane) history() []run.Turn {
	var out []run.Turn
	for _, e := range p.entries {
		if e.kind == turnEntry && e.action != nil {
			out = append(out, run.Turn{Number: e.turn, Seat: e.seat, Speaker: e.speaker, Backend: e.backend, Action: *e.action})
		}
	}
	return out
}

// dockLines is what the pane shows under its transcript: the seat chooser
// or the input box of the held seat.
func (p *pane) dockLines(width int) []string {
	switch {
	case p.fork != nil:
		return p.fork.Render(width, p.st)
	case p.chooser != nil:
		return p.chooser.Render(width, p.st)
	case p.hold != nil:
		h := p.hold
		state, mine := "wait for your turn", p.yourTurn(h)
		switch {
		case mine:
			state = "your turn"
		case p.paused:
			state = "paused"
		}
		hints := "enter sends · esc leaves the input"
		if !h.in.focused() {
			hints = "enter types"
			if !h.fixed {
				hints += " · esc hands back"
			}
		}
		return h.in.Render(width, p.st, state, hints, mine)
	}
	return nil
}
