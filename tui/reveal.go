package tui

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// revealDoc is the screen at the end of a game: how it went and the
// player's score, what the partner knew, what the player gave away, and
// how the SCRIPT run of the same scenario and seed went (its transcript
// is the pane beside or behind this panel).
func revealDoc(sc *scenario.Scenario, seat int, played, script *pane, st *styles) *doc {
	partner := scenario.Partner(seat)
	texts := map[string]string{}
	for _, f := range leak.Facts(sc) {
		texts[f.ID] = f.Text
	}
	return &doc{title: "The reveal · " + oneLine(sc.Title), hint: " tab: SCRIPT side · esc closes", build: func(w int) []string {
		var out []string
		out = append(out, st.title.Render("How it went"))
		out = append(out, endingLines(played.ending, seat, "Your score", w, st)...)

		pv := view.For(sc, view.Agents, partner)
		out = append(out, "", st.seat[partner].Render(fmt.Sprintf("What %s (%s) was told, and you were not", oneLine(pv.Self().Name), oneLine(pv.Self().Role))))
		out = append(out, para(pv.RenderOwnForOthers(), w, 2, st.setting)...)

		out = append(out, "", st.seat[seat].Render("What your turns gave away"))
		n := 0
		for _, e := range played.entries {
			if e.kind != turnEntry || e.seat != seat || e.action == nil {
				continue
			}
			for _, a := range e.anns {
				n++
				line := fmt.Sprintf("turn %d · %s · %s", e.turn, yourTurn(a, firstWord(pv.Self().Name)), texts[a.FactID])
				if span := spanOf(e.action.Text, a); span != "" {
					line += " · “" + span + "”"
				}
				style := st.setting
				if m := markOf(a); m != 0 {
					style = st.marks[m-1]
				}
				out = append(out, para(line, w, 2, style)...)
			}
		}
		if n == 0 {
			out = append(out, para("Nothing: none of your turns mentioned a private fact.", w, 2, st.setting)...)
		}

		out = append(out, "", st.title.Render("The SCRIPT run, same scenario and seed"))
		if script.ending == nil {
			out = append(out, para("still running…", w, 2, st.dim)...)
		} else {
			out = append(out, endingLines(script.ending, seat, oneLine(sc.Seats[seat].Character.Name)+"'s score there", w, st)...)
			out = append(out, para(fmt.Sprintf("One writer knew both sides: %d leaks, %d disclosures in %d turns.", script.counts[event.Leak], script.counts[event.Disclosure], script.ending.Turns), w, 2, st.setting)...)
		}
		return out
	}}
}

// yourTurn says to the player what one annotation of their own turn was:
// a person in play is shown only their own side, so a partner's fact they
// said is a guess, never a leak.
func yourTurn(a event.Annotation, partner string) string {
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
	return annotationWord(a)
}

// endingLines are an ending's outcome and, under label, the goal
// completion of seat in it.
func endingLines(end *event.Ending, seat int, label string, w int, st *styles) []string {
	if end == nil {
		return para("not over yet", w, 2, st.dim)
	}
	style := st.bad
	if end.Outcome.Good() {
		style = st.good
	}
	out := para(fmt.Sprintf("%s (%s after %d turns)", end.Outcome.Summary, end.Reason, end.Turns), w, 2, style)
	key := metrics.GoalCompletionSeat0
	if seat == 1 {
		key = metrics.GoalCompletionSeat1
	}
	if gc, ok := end.Metrics[key]; ok {
		out = append(out, para(fmt.Sprintf("%s: goal completion %.1f / 10", label, gc), w, 2, st.title)...)
	}
	return out
}

// spanOf is the annotated part of a turn's text (offsets in code points).
func spanOf(text string, a event.Annotation) string {
	r := []rune(text)
	if a.Start < 0 || a.End > len(r) || a.Start >= a.End {
		return ""
	}
	return oneLine(string(r[a.Start:a.End]))
}
