package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// promptKind says what the footer's one-line question asks for.
type promptKind uint8

const (
	gotoPrompt   promptKind = iota + 1 // a turn number (g)
	searchPrompt                       // text to find in every pane (/)
)

// prompt is the question the footer asks while the user types its answer.
type prompt struct {
	kind promptKind
	text string
}

func (p *prompt) label() string {
	if p.kind == gotoPrompt {
		return "go to turn: " + p.text + "▏ enter · esc"
	}
	return "search all panes: " + p.text + "▏ enter · esc"
}

// openPrompt starts asking; every key goes to the prompt until enter or esc.
func (m *model) openPrompt(k promptKind) {
	m.prompt = &prompt{kind: k}
}

// promptKey types into the open prompt.
func (m *model) promptKey(msg tea.KeyPressMsg) {
	p := m.prompt
	switch {
	case key.Matches(msg, m.keys.Panes.Close):
		m.prompt = nil
	case key.Matches(msg, m.keys.Tools.Type):
		m.prompt = nil
		if p.kind == gotoPrompt {
			m.goToTyped(p.text)
		} else {
			m.search(p.text)
		}
	case msg.String() == "backspace":
		if r := []rune(p.text); len(r) > 0 {
			p.text = string(r[:len(r)-1])
		}
	default:
		t := msg.Text
		if p.kind == gotoPrompt && strings.Trim(t, "0123456789") != "" {
			return
		}
		p.text += textsafe.Clean(t)
	}
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
	if played := len(p.turns); n < 1 || n > played {
		m.notice = fmt.Sprintf("turn %d is not there: %s has played %d", n, p.mode.Label(), played)
		return
	}
	m.selectTurn(p, n)
	m.notice = fmt.Sprintf("turn %d", n)
}

// selectTurn marks turn n of p and brings it to the top; locked panes
// follow to the same turn.
func (m *model) selectTurn(p *pane, n int) {
	p.selectTurn(n)
	if !m.sync {
		return
	}
	for _, o := range m.panes {
		if o != p {
			o.selectTurn(min(n, len(o.turns)))
		}
	}
}

// stepTurn moves the focused pane's selection by d turns.
func (m *model) stepTurn(d int) {
	p := m.panes[m.focus]
	if len(p.turns) == 0 {
		m.notice = "no turn yet"
		return
	}
	n := p.cursor
	if n == 0 {
		n = max(p.topTurn(), 1) - d // the first step selects the turn on top
	}
	m.selectTurn(p, min(max(n+d, 1), len(p.turns)))
	m.notice = fmt.Sprintf("turn %d of %d", p.cursor, len(p.turns))
}

// stepNote moves the focused pane's selection to the next (d > 0) or
// previous annotation and says what it marks.
func (m *model) stepNote(d int) {
	p := m.panes[m.focus]
	if p.masked {
		m.notice = "annotations are shown at the end of the game"
		return
	}
	turn, idx := p.cursor, p.note
	if turn == 0 {
		turn, idx = max(p.topTurn(), 1), -1
		if d < 0 {
			idx = 1 << 30
		}
	}
	t, i, ok := p.nextNote(turn, idx, d)
	if !ok {
		m.notice = "no further annotation in " + p.mode.Label()
		if d < 0 {
			m.notice = "no earlier annotation in " + p.mode.Label()
		}
		return
	}
	m.selectTurn(p, t)
	p.note = i
	m.notice = m.describe(p, t, i)
}

// describe says what annotation i of turn t marks: its kind, the words
// and whose fact it is.
func (m *model) describe(p *pane, t, i int) string {
	e := p.turn(t)
	a := e.anns[i]
	whose := "known to neither seat"
	if _, owner := m.fact(a.FactID); owner != "" {
		whose = owner + "'s fact"
	}
	return fmt.Sprintf("turn %d · %s%s · %s", t, annotationWord(a), said(e, a), whose)
}

// said quotes the words an annotation marks, after a space, or is empty.
func said(e *entry, a event.Annotation) string {
	words := []rune(textsafe.Clean(e.raw))
	if a.Start >= 0 && a.End <= len(words) && a.Start < a.End {
		return fmt.Sprintf(" %q", string(words[a.Start:a.End]))
	}
	return ""
}

// fact returns a fact's text and the first name of the seat that owns it
// ("" for the environment's), for callouts.
func (m *model) fact(id string) (text, owner string) {
	for _, f := range m.sc.Facts() {
		if f.ID == id {
			if f.Owner >= 0 {
				owner = firstWord(m.sc.Seats[f.Owner].Character.Name)
			}
			return oneLine(f.Text), owner
		}
	}
	return oneLine(id), ""
}

// nextNote finds the annotation after (d > 0) or before (turn, idx).
func (p *pane) nextNote(turn, idx, d int) (int, int, bool) {
	for t := turn; t >= 1 && t <= len(p.turns); t += d {
		e := p.turn(t)
		if d > 0 {
			start := 0
			if t == turn {
				start = idx + 1
			}
			if start < len(e.anns) {
				return t, max(start, 0), true
			}
			continue
		}
		end := len(e.anns) - 1
		if t == turn {
			end = min(idx-1, end)
		}
		if end >= 0 {
			return t, end, true
		}
	}
	return 0, 0, false
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
		for t := 1; t <= len(p.turns); t++ {
			if e := p.turn(t); e.kind == turnEntry && strings.Contains(strings.ToLower(textsafe.Clean(e.raw)), needle) {
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
	here := hit{m.focus, m.panes[m.focus].cursor}
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
	m.notice = fmt.Sprintf("%q: %s turn %d · match %d of %d · / enter finds the next", q, m.panes[h.pane].mode.Label(), h.turn, k+1, len(hits))
}

// selectTurn marks turn n (0 clears the mark) and puts it at the top.
func (p *pane) selectTurn(n int) {
	if old := p.turn(p.cursor); old != nil {
		old.selected = false
		p.changed(p.turns[p.cursor-1])
	}
	p.cursor, p.note = n, -1
	if e := p.turn(n); e != nil {
		e.selected = true
		p.changed(p.turns[n-1])
		p.scrollToTurn(n)
	}
}
