package tui

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// auditDoc is the `p` panel for one pane: exactly what the SCRIPT writer,
// or each seat, was given, rendered from its View, then what the models
// thought before they answered (dimmed; folded unless unfold).
func auditDoc(sc *scenario.Scenario, mode view.Mode, backends [2]string, thoughts []event.Event, unfold bool, st *styles) *doc {
	d := &doc{title: "Prompt audit · " + mode.Label()}
	if len(thoughts) > 0 {
		// The reasoning comes after the Views, out of sight at first.
		d.hint = " z unfolds reasoning · esc closes · ↑↓ scroll"
		if unfold {
			d.hint = " z folds reasoning · esc closes · ↑↓ scroll"
		}
	}
	d.build = func(w int) []string {
		var out []string
		given, writer := "is given", false
		if mode == view.Humans {
			// No prompt: each person saw their own side, the HUMANS View.
			out = append(append(out, para("Two people played; each saw only their own side, as an AGENTS seat is given it.", w, 0, st.dim)...), "")
			given = "saw"
		}
		for i, who := range view.Viewers(mode) {
			if i > 0 {
				out = append(out, "")
			}
			if who == view.Writer {
				writer = true
				out = append(out, st.title.Render(fmt.Sprintf("The writer (%s) writes both seats and is given:", oneLine(backends[0]))), "")
			} else {
				head := fmt.Sprintf("%s (%s, seat %d; %s) %s:", oneLine(sc.Seats[who].Character.Name), oneLine(sc.Seats[who].Role), who, oneLine(backends[who]), given)
				out = append(out, st.seat[who].Render(head), "")
			}
			out = append(out, para(view.For(sc, mode, who).Render(), w, 2, st.setting)...)
		}
		return append(out, thoughtLines(thoughts, writer, unfold, w, st)...)
	}
	return d
}

// foldedLines is how much of each thought shows while folded.
const foldedLines = 3

// thoughtLines renders the models' reasoning: never speech, so dimmed and
// apart from the Views.
func thoughtLines(thoughts []event.Event, writer, unfold bool, w int, st *styles) []string {
	if len(thoughts) == 0 {
		return nil
	}
	hint := "z unfolds"
	if unfold {
		hint = "z folds"
	}
	out := []string{"", st.title.Render(fmt.Sprintf("What the models thought before answering (not part of the dialogue; %s):", hint))}
	for _, t := range thoughts {
		head := fmt.Sprintf("  turn %d, %s:", t.Turn, oneLine(t.Speaker))
		if writer {
			// The writer thinks once per script call, for many turns.
			head = fmt.Sprintf("  the writer, by turn %d:", t.Turn)
		}
		out = append(out, "", st.dim.Render(head))
		lines := para(strings.TrimSpace(t.Thought), w, 4, st.dim)
		if !unfold && len(lines) > foldedLines {
			more := len(lines) - foldedLines
			lines = append(lines[:foldedLines], st.dim.Render(fmt.Sprintf("    … %d more %s", more, plural(more, "line"))))
		}
		out = append(out, lines...)
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
