package overlay

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// Reveal is the screen at the end of a game: how it went and the player's
// score, what the partner knew, what the player gave away, and how the
// SCRIPT run of the same scenario and seed went, whose pane stands beside
// it (on a narrow screen, behind it: tab switches sides).
type Reveal struct {
	ui.Common
	panel  *panel.Panel
	script *pane.Pane
	// side is the side that scrolls, and on a narrow screen the one
	// shown: 0 the reveal, 1 the SCRIPT pane.
	side          int
	width, height int
}

// NewReveal reveals the game played in played (the user in seat) beside
// the SCRIPT run in script.
func NewReveal(c ui.Common, sc *scenario.Scenario, seat int, played, script *pane.Pane) *Reveal {
	// The app's title line names the scenario; beside the SCRIPT pane at
	// 80 columns the panel keeps room for its name and keys only.
	p := panel.New(c, "The reveal", revealLines(sc, seat, played, script, c.Styles))
	p.Hint = " tab: SCRIPT · esc closes"
	script.SetFocused(false)
	return &Reveal{Common: c, panel: p, script: script}
}

// widths are the widths of the reveal and of the SCRIPT pane beside it;
// on a narrow screen one of them takes the whole width and the other is 0.
func (r *Reveal) widths() (int, int) {
	if r.width >= 2*pane.MinWidth+1 {
		lw := (r.width - 1) / 2
		return lw, r.width - 1 - lw
	}
	if r.side == 1 {
		return 0, r.width
	}
	return r.width, 0
}

// SetSize sizes both sides.
func (r *Reveal) SetSize(w, h int) {
	r.width, r.height = w, h
	lw, rw := r.widths()
	r.panel.SetSize(lw, h)
	r.script.SetSize(rw, h)
}

// Render draws both sides, or on a narrow screen the one tab selects.
func (r *Reveal) Render(width, height int) []string {
	r.width, r.height = width, height
	lw, rw := r.widths()
	var left, right []string
	if lw > 0 {
		left = r.panel.Render(lw, height)
	}
	if rw > 0 {
		right = r.script.Render(rw, height)
	}
	if left == nil || right == nil {
		return append(left, right...)
	}
	sep := r.Styles.Sep.Render("│")
	out := make([]string, height)
	for y := range out {
		out[y] = left[y] + sep + right[y]
	}
	return out
}

// scroll moves the side that scrolls.
func (r *Reveal) scroll(panelLines, paneLines func() int, paneFn func(*pane.Pane)) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd {
		switch {
		case r.side == 0:
			r.panel.ScrollBy(panelLines())
		case paneFn != nil:
			paneFn(r.script)
		default:
			r.script.ScrollBy(paneLines())
		}
		return nil
	}
}

// Bindings switch sides, scroll the side that scrolls and close.
func (r *Reveal) Bindings() []ui.Binding {
	n := r.Keys.Navigation
	lines := func(n int) func() int { return func() int { return n } }
	panelPage := func() int { return max(r.panel.BodyHeight()-1, 1) }
	panePage := func() int { return max(r.script.BodyHeight()-1, 1) }
	neg := func(f func() int) func() int { return func() int { return -f() } }
	return []ui.Binding{
		{Key: r.Keys.Panes.Next, Do: r.switchSide},
		{Key: r.Keys.Panes.Prev, Do: r.switchSide},
		{Key: n.Up, Do: r.scroll(lines(-1), lines(-1), nil)},
		{Key: n.Down, Do: r.scroll(lines(1), lines(1), nil)},
		{Key: n.PageUp, Do: r.scroll(neg(panelPage), neg(panePage), nil)},
		{Key: n.PageDown, Do: r.scroll(panelPage, panePage, nil)},
		{Key: n.Home, Do: r.scroll(lines(-1<<30), nil, (*pane.Pane).ScrollHome)},
		{Key: n.End, Do: r.scroll(lines(1<<30), nil, (*pane.Pane).ScrollEnd)},
		{Key: r.Keys.Panes.Close, Closes: true},
	}
}

func (r *Reveal) switchSide(tea.KeyPressMsg) tea.Cmd {
	r.side ^= 1
	r.script.SetFocused(r.side == 1)
	r.SetSize(r.width, r.height)
	return nil
}

// Update shows the SCRIPT run's ending once it comes, and scrolls the
// side that scrolls with the wheel.
func (r *Reveal) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case ui.RunMsg:
		if msg.Run == r.script.RunID() && r.script.Ending() != nil {
			r.panel.Refresh()
		}
	case ui.RestyleMsg:
		return r.panel.Update(msg)
	case tea.MouseWheelMsg:
		if r.side == 0 {
			return r.panel.Update(msg)
		}
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			r.script.ScrollBy(-ui.WheelLines)
		case tea.MouseWheelDown:
			r.script.ScrollBy(ui.WheelLines)
		}
	}
	return nil
}

// ShortHelp leaves the footer to the app.
func (r *Reveal) ShortHelp() []key.Binding { return nil }

func revealLines(sc *scenario.Scenario, seat int, played, script *pane.Pane, st *ui.Styles) func(w int) []string {
	partner := scenario.Partner(seat)
	texts := map[string]string{}
	for _, f := range leak.Facts(sc) {
		texts[f.ID] = f.Text
	}
	return func(w int) []string {
		var out []string
		out = append(out, st.Title.Render("How it went"))
		out = append(out, endingLines(played.Ending(), seat, "Your score", w, st)...)

		pv := view.For(sc, view.Agents, partner)
		out = append(out, "")
		out = append(out, ui.Para(fmt.Sprintf("What %s (%s) was told, and you were not", pv.Self().Name, pv.Self().Role), w, 0, st.Seat[partner])...)
		out = append(out, ui.Para(pv.RenderOwnForOthers(), w, 2, st.Setting)...)

		out = append(out, "")
		out = append(out, ui.Para("What your turns gave away", w, 0, st.Seat[seat])...)
		n := 0
		for _, t := range played.History() {
			if t.Seat != seat {
				continue
			}
			for _, a := range played.Annotations(t.Number) {
				n++
				line := fmt.Sprintf("turn %d · %s · %s", t.Number, YourTurn(a, ui.FirstName(pv.Self().Name)), texts[a.FactID])
				if span := spanOf(t.Action.Text, a); span != "" {
					line += " · “" + span + "”"
				}
				out = append(out, ui.Para(line, w, 2, pane.Highlighted(a, st, st.Setting))...)
			}
		}
		if n == 0 {
			out = append(out, ui.Para("Nothing: none of your turns mentioned a private fact.", w, 2, st.Setting)...)
		}

		out = append(out, "")
		out = append(out, ui.Para("The SCRIPT run, same scenario and seed", w, 0, st.Title)...)
		if script.Ending() == nil {
			out = append(out, ui.Para("still running…", w, 2, st.Dim)...)
		} else {
			out = append(out, endingLines(script.Ending(), seat, ui.Line(sc.Seats[seat].Character.Name)+"'s score there", w, st)...)
			out = append(out, ui.Para(fmt.Sprintf("One writer knew both sides: %s, %s in %s.", count(script.Count(event.Leak), event.Leak), count(script.Count(event.Disclosure), event.Disclosure), count(script.Ending().Turns, "turn")), w, 2, st.Setting)...)
		}
		return out
	}
}

// YourTurn says to the player what one annotation of their own turn was:
// a person in play is shown only their own side, so a partner's fact they
// said is a guess, never a leak.
func YourTurn(a event.Annotation, partner string) string {
	switch {
	case a.Negated:
		return "you denied it (not counted)"
	case a.Kind == event.Guess && a.Approximate:
		return "you guessed close to " + partner + "'s private fact"
	case a.Kind == event.Guess:
		return "you guessed " + partner + "'s private fact exactly"
	case a.Kind == event.Disclosure:
		return "you told your own"
	}
	return pane.AnnotationWord(a)
}

// count is n of a kind's (or a word's) things, in the singular for one:
// "1 leak", "3 disclosures".
func count[K ~string](n int, what K) string {
	if info, ok := event.InfoOf(event.AnnotationKind(what)); ok {
		if n == 1 {
			return "1 " + info.Word
		}
		return fmt.Sprintf("%d %s", n, info.Plural)
	}
	return fmt.Sprintf("%d %s", n, ui.Plural(n, string(what)))
}

// endingLines are an ending's outcome and, under label, the goal
// completion of seat in it.
func endingLines(end *event.Ending, seat int, label string, w int, st *ui.Styles) []string {
	if end == nil {
		return ui.Para("not over yet", w, 2, st.Dim)
	}
	style := st.Bad
	if end.Outcome.Good() {
		style = st.Good
	}
	out := ui.Para(fmt.Sprintf("%s (%s after %s)", end.Outcome.Summary, end.Reason, count(end.Turns, "turn")), w, 2, style)
	key := metrics.GoalCompletionSeat0
	if seat == 1 {
		key = metrics.GoalCompletionSeat1
	}
	if gc, ok := end.Metrics[key]; ok {
		out = append(out, ui.Para(fmt.Sprintf("%s: goal completion %.1f / 10", label, gc), w, 2, st.Title)...)
	}
	return out
}

// spanOf is the annotated part of a turn's text (offsets in code points).
func spanOf(text string, a event.Annotation) string {
	r := []rune(text)
	if a.Start < 0 || a.End > len(r) || a.Start >= a.End {
		return ""
	}
	return ui.Line(string(r[a.Start:a.End]))
}
