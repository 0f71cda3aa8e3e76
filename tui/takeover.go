package tui

import (
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/tui/chooser"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// cannotTakeOver says why t does nothing on the focused pane.
func (m *model) cannotTakeOver() string {
	p := m.panes[m.focus]
	switch {
	case p.Player() != nil:
	case p.Live() == nil:
		return "the run is restarting"
	case p.Ending() != nil:
		return "this run has ended: r starts a new one"
	case p.Replaying():
		return "a replay shows what was recorded: f forks it to play a seat from there"
	}
	return ""
}

// openChooser asks which seat of the focused pane to take over, or gives
// the keyboard back to the seat the pane already holds. The pane's run
// waits while the question is open, so the moment to take the seat is
// still there when it is chosen; it goes on when the question closes,
// unless it was paused before.
func (m *model) openChooser() {
	p := m.panes[m.focus]
	if p.Player() != nil {
		m.startTyping(p)
		return
	}
	live := p.Live()
	resume := func() {}
	if !live.Control.Paused() {
		live.Control.Pause()
		p.SetPaused(true)
		resume = func() {
			live.Control.Resume()
			if p.Live() == live {
				p.SetPaused(m.paused)
			}
		}
	}
	st := &m.styles
	var options []chooser.Option
	for seat := range 2 {
		label := fmt.Sprintf("%s (%s)", ui.Line(m.scenario.Seats[seat].Character.Name), ui.Line(m.scenario.Seats[seat].Role))
		options = append(options, chooser.Option{Key: fmt.Sprint(seat), Line: st.Dim.Render(fmt.Sprintf("%d ", seat)) + st.Seat[seat].Render(label)})
	}
	c := chooser.New(m.common(), st.Title.Render(" take over which seat? "), "0/1 or ↑↓ enter · esc cancels", options, func(seat int) tea.Cmd {
		m.takeOver(p, seat)
		return nil
	})
	m.dock(p, c, resume)
}

// dock shows question c under pane p, with the keys until it closes;
// then closed runs, if not nil.
func (m *model) dock(p *pane.Pane, c *chooser.Chooser, closed func()) {
	p.SetDock(c)
	m.stack.Push(c.Layer(func() {
		if p.Dock() == c {
			p.SetDock(nil)
		}
		if closed != nil {
			closed()
		}
	}))
}

// takeOver hands seat to the user from its next turn.
func (m *model) takeOver(p *pane.Pane, seat int) {
	if p.Live() == nil || p.Ending() != nil {
		return
	}
	b := human.New()
	p.Live().Control.TakeOver(seat, b)
	p.SetPlayer(pane.NewPlayer(m.scenario, seat, b))
	m.startTyping(p)
	m.notice = fmt.Sprintf("you play %s from their next turn", ui.Line(m.scenario.Seats[seat].Character.Name))
}

// handBack returns the pane's seat to the run's own backend. A turn of the
// seat that already waits for the user is played by that backend instead.
func (m *model) handBack(p *pane.Pane) {
	pl := p.Player()
	p.Live().Control.HandBack(pl.Seat)
	p.SetPlayer(nil)
	m.notice = fmt.Sprintf("%s handed back to %s", ui.Line(m.scenario.Seats[pl.Seat].Character.Name), ui.Line(p.Backends()[pl.Seat]))
}

// startTyping gives the keyboard to the input box of the seat the user
// plays in p.
func (m *model) startTyping(p *pane.Pane) {
	pl := p.Player()
	if _, open := m.stack.Find(func(l ui.Layer) bool { t, ok := l.Component.(*typing); return ok && t.player == pl }); open {
		return
	}
	pl.Input.Focus()
	m.stack.Push(ui.Layer{Component: &typing{m: m, pane: p, player: pl}, Place: ui.Dock, Keys: ui.TakeKeys, OnClose: pl.Input.Blur})
}

// dropDocks closes the questions and input boxes whose pane let go of
// them: its run ended or restarts, or it is gone.
func (m *model) dropDocks() {
	m.stack.RemoveIf(func(l ui.Layer) bool {
		switch c := l.Component.(type) {
		case *typing:
			return c.pane.Player() != c.player || !m.holds(c.pane)
		case *chooser.Chooser:
			for _, p := range m.panes {
				if p.Dock() == c {
					return false
				}
			}
			return true
		}
		return false
	})
}

// holds reports whether p is one of the panes.
func (m *model) holds(p *pane.Pane) bool {
	for _, o := range m.panes {
		if o == p {
			return true
		}
	}
	return false
}

// typing is the input box of the seat the user plays while it has the
// keyboard: enter sends, esc leaves the box, ↑ and ↓ go through the moves
// sent or refused before, the page keys scroll, the side key hides or
// shows the seat's side, and every other key is text.
type typing struct {
	m      *model
	pane   *pane.Pane
	player *pane.Player
}

func (t *typing) Bindings() []ui.Binding {
	m, k := t.m, t.m.keys
	page := func(p *pane.Pane) int { return max(p.BodyHeight()-1, 1) }
	scroll := func(b key.Binding, fn func(*pane.Pane)) ui.Binding {
		return ui.Binding{Key: withoutText(b), Do: do(func() { m.scroll(fn) })}
	}
	return []ui.Binding{
		{Key: k.Tools.Type, Do: do(t.send)},
		{Key: k.Panes.Close, Closes: true, Do: do(func() {
			m.notice = "enter types again"
			if !t.player.Fixed {
				m.notice += " · esc hands the seat back"
			}
		})},
		{Key: withoutText(k.Navigation.Up), Do: do(func() { t.player.Input.Recall(-1) })},
		{Key: withoutText(k.Navigation.Down), Do: do(func() { t.player.Input.Recall(1) })},
		{Key: k.Tools.Side, Do: do(m.toggleSide)},
		scroll(k.Navigation.PageUp, func(p *pane.Pane) { p.ScrollBy(-page(p)) }),
		scroll(k.Navigation.PageDown, func(p *pane.Pane) { p.ScrollBy(page(p)) }),
	}
}

// withoutText is b without the keys that type text (k and j scroll, but
// in the input box they are letters).
func withoutText(b key.Binding) key.Binding {
	var keys []string
	for _, k := range b.Keys() {
		if len([]rune(k)) > 1 {
			keys = append(keys, k)
		}
	}
	b.SetKeys(keys...)
	return b
}

// Update types a key into the box.
func (t *typing) Update(msg tea.Msg) tea.Cmd { return t.player.Input.Update(msg) }

func (t *typing) SetSize(int, int)         {}
func (t *typing) Render(int, int) []string { return nil }

// ShortHelp is the footer while the user types a move: every key but
// these goes to the input.
func (t *typing) ShortHelp() []key.Binding {
	k := t.m.keys
	return []key.Binding{ui.Relabel(k.Tools.Type, "send"), earlier(k.Navigation.Up), t.m.sideKey(), ui.Relabel(k.Panes.Close, "leave input"), k.General.Interrupt}
}

// send checks what the user typed and, when it is a valid move on their
// turn, hands it to the seat's backend. Anything else is refused in the
// input box with the reason, and nothing is sent.
func (t *typing) send() {
	p, pl := t.pane, t.player
	a, err := human.Parse(pl.Input.Value(), pl.View, p.History())
	switch {
	case errors.Is(err, human.ErrHelp):
		pl.Input.ShowHelp(human.Help(t.m.scenario.Family))
		return
	case err != nil:
		pl.Input.Refuse(err.Error())
		return
	case !p.YourTurn():
		pl.Input.Refuse("not your turn yet: wait for " + ui.Line(pl.View.Partner().Name) + pauseHint(p))
		return
	}
	if ends := family.Ends(family.Of(pl.View.Family), a.Type); ends != "" && !pl.Input.Warn(ends) {
		return // said before it goes: enter again sends it
	}
	if !pl.Backend.Submit(a) {
		pl.Input.Refuse("your move for this turn is already on its way")
		return
	}
	p.Sent()
	pl.Input.Sent()
}

// earlier is the up key as it acts in the input box.
func earlier(up key.Binding) key.Binding {
	b := withoutText(up)
	b.SetHelp("↑", "earlier")
	return b
}

func pauseHint(p *pane.Pane) string {
	if p.Paused() {
		return " (the runs are paused: esc, then space resumes)"
	}
	return ""
}
