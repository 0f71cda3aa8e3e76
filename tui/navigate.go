package tui

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/prompt"
	"github.com/omnigap/omnigap/tui/ui"
)

// askTurn asks in the footer which turn to go to (g).
func (m *model) askTurn() {
	digits := func(typed string) bool { return strings.Trim(typed, "0123456789") == "" }
	m.stack.Push(prompt.New(m.common(), "go to turn: ", digits, func(s string) tea.Cmd {
		m.goToTyped(s)
		return nil
	}).Layer())
}

// askSearch asks in the footer what to search every pane for (/).
func (m *model) askSearch() {
	m.stack.Push(prompt.New(m.common(), "search all panes: ", nil, func(s string) tea.Cmd {
		m.search(s)
		return nil
	}).Layer())
}

func (m *model) goToTyped(s string) {
	n, err := strconv.Atoi(s)
	if err != nil {
		m.notice = "go to turn: type a turn number"
		return
	}
	m.goTo(n)
}

// goTo selects turn n of the focused pane and puts it at the top.
func (m *model) goTo(n int) {
	p := m.panes[m.focus]
	if played := p.Turns(); n < 1 || n > played {
		m.notice = fmt.Sprintf("turn %d is not there: %s has played %d", n, p.Mode().Label(), played)
		return
	}
	m.selectTurn(p, n)
	m.notice = fmt.Sprintf("turn %d", n)
}

// selectTurn marks turn n of p and brings it to the top; locked panes
// follow to the same turn.
func (m *model) selectTurn(p *pane.Pane, n int) {
	p.SelectTurn(n)
	if !m.locked {
		return
	}
	for _, o := range m.panes {
		if o != p {
			o.SelectTurn(min(n, o.Turns()))
		}
	}
}

// noTurnYet says why [ and ] do nothing in the focused pane.
func (m *model) noTurnYet() string {
	if m.panes[m.focus].Turns() == 0 {
		return "no turn yet"
	}
	return ""
}

// stepTurn moves the focused pane's selection by d turns.
func (m *model) stepTurn(d int) {
	p := m.panes[m.focus]
	n := p.Cursor()
	if n == 0 {
		n = max(p.TopTurn(), 1) - d // the first step selects the turn on top
	}
	m.selectTurn(p, min(max(n+d, 1), p.Turns()))
	m.notice = fmt.Sprintf("turn %d of %d", p.Cursor(), p.Turns())
}

// notesHidden says why { and } do nothing in the focused pane.
func (m *model) notesHidden() string {
	if m.panes[m.focus].Masked() {
		return "annotations are shown at the end of the game"
	}
	return ""
}

// stepNote moves the focused pane's selection to the next (d > 0) or
// previous annotation and says what it marks; with no turn selected,
// } goes to the first annotation and { to the last.
func (m *model) stepNote(d int) {
	p := m.panes[m.focus]
	turn, idx := p.Cursor(), p.Note()
	if turn == 0 {
		turn, idx = 1, -1
		if d < 0 {
			turn, idx = p.Turns(), 1<<30
		}
	}
	t, i, ok := p.NextNote(turn, idx, d)
	if !ok {
		m.notice = "no further annotation in " + p.Mode().Label()
		if d < 0 {
			m.notice = "no earlier annotation in " + p.Mode().Label()
		}
		return
	}
	m.selectTurn(p, t)
	p.SelectNote(i)
	m.notice = m.describe(p, t, i)
}

// describe says what annotation i of turn t marks: its kind, the words
// and whose fact it is, of what type ("Ada's extra information").
func (m *model) describe(p *pane.Pane, t, i int) string {
	a := p.Annotations(t)[i]
	whose := "known to neither seat"
	if f, ok := m.factOf(a.FactID); ok && f.Owner >= 0 {
		whose = ui.FirstName(m.scenario.Seats[f.Owner].Character.Name) + "'s " + f.TypeOf().Noun()
	}
	return fmt.Sprintf("turn %d · %s%s · %s", t, pane.AnnotationWord(a), p.Said(t, a), whose)
}

// fact returns a fact's text and the first name of the seat that owns it
// ("" for the environment's), for callouts.
func (m *model) fact(id string) (text, owner string) {
	f, ok := m.factOf(id)
	if !ok {
		return ui.Line(id), ""
	}
	if f.Owner >= 0 {
		owner = ui.FirstName(m.scenario.Seats[f.Owner].Character.Name)
	}
	return ui.Line(f.Text), owner
}

// factOf is the scenario's fact of that id.
func (m *model) factOf(id string) (scenario.Fact, bool) {
	for _, f := range m.scenario.Facts() {
		if f.ID == id {
			return f, true
		}
	}
	return scenario.Fact{}, false
}

// search finds the next turn, in any pane, whose text holds q (case
// folded), starting after the focused pane's selection; an empty q
// repeats the last search.
func (m *model) search(q string) {
	if q == "" {
		q = m.lastSearch
	}
	if q == "" {
		return
	}
	m.lastSearch = q
	needle := strings.ToLower(q)
	type hit struct{ pane, turn int }
	var hits []hit
	for i, p := range m.panes {
		for t := 1; t <= p.Turns(); t++ {
			if p.Says(t, needle) {
				hits = append(hits, hit{i, t})
			}
		}
	}
	if len(hits) == 0 {
		m.notice = fmt.Sprintf("no turn says %q", q)
		return
	}
	// The next hit after the selection, in pane order from the focused
	// pane on, wrapping around.
	here := hit{m.focus, m.panes[m.focus].Cursor()}
	after := func(h hit) bool {
		return h.pane > here.pane || h.pane == here.pane && h.turn > here.turn
	}
	k := 0
	for j, h := range hits {
		if after(h) {
			k = j
			break
		}
	}
	h := hits[k]
	if h.pane != m.focus {
		m.setFocus(h.pane)
	}
	m.selectTurn(m.panes[h.pane], h.turn)
	m.notice = fmt.Sprintf("%q: %s turn %d · match %d of %d · / enter finds the next", q, m.panes[h.pane].Mode().Label(), h.turn, k+1, len(hits))
}
