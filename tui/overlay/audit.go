package overlay

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// Audit is the `p` panel for the focused pane: exactly what the SCRIPT
// writer, or each seat, was given, rendered from its View, then what the
// models thought before they answered (dimmed; folded unless unfolded).
// It follows the focus and the pane's new reasoning.
type Audit struct {
	*panel.Panel
	scenario *scenario.Scenario
	focused  func() *pane.Pane
	// unfold is the app's: the reasoning stays unfolded for the next
	// audit opened.
	unfold *bool
	// thoughts is how much reasoning the panel shows.
	thoughts int
	// writerPrompt names the instruction a pane's model writer was given
	// (record.Header.WriterPrompt).
	writerPrompt func(*pane.Pane) string
}

// NewAudit is the audit of the pane focused says is focused; writerPrompt
// names the instruction of a pane's model writer ("" for none).
func NewAudit(c ui.Common, sc *scenario.Scenario, focused func() *pane.Pane, unfold *bool, writerPrompt func(*pane.Pane) string) *Audit {
	a := &Audit{Panel: panel.New(c, "", nil), scenario: sc, focused: focused, unfold: unfold, writerPrompt: writerPrompt}
	a.rebuild()
	return a
}

// rebuild shows the focused pane as it is now; the scroll position stays.
func (a *Audit) rebuild() {
	p := a.focused()
	a.thoughts = len(p.Thoughts())
	a.Title, a.Hint = "Prompt audit · "+p.Mode().Label(), ""
	if len(p.Thoughts()) > 0 {
		// The reasoning comes after the Views, out of sight at first.
		a.Hint = " z unfolds reasoning · esc closes · ↑↓ scroll"
		if *a.unfold {
			a.Hint = " z folds reasoning · esc closes · ↑↓ scroll"
		}
	}
	a.SetBuild(AuditLines(a.scenario, p.Mode(), p.Backends(), a.writerPrompt(p), p.Thoughts(), *a.unfold, a.Styles))
}

// Bindings are the panel's and z, which folds and unfolds the reasoning.
func (a *Audit) Bindings() []ui.Binding {
	return append(a.Panel.Bindings(), ui.Binding{
		Key: a.Keys.Panes.Unfold,
		Do: func(tea.KeyPressMsg) tea.Cmd {
			*a.unfold = !*a.unfold
			a.rebuild()
			return nil
		},
		Disabled: func() string {
			if len(a.focused().Thoughts()) == 0 {
				return "no reasoning in this pane yet: only models that think first have any"
			}
			return ""
		},
	})
}

// Update shows the newly focused pane from its top, and new reasoning of
// the focused pane where the panel is.
func (a *Audit) Update(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case ui.FocusMsg:
		a.rebuild()
		a.ScrollTo(0)
	case ui.RunMsg:
		if len(a.focused().Thoughts()) != a.thoughts {
			a.rebuild()
		}
	}
	return a.Panel.Update(msg)
}

// AuditLines builds the audit of a pane of mode played by backends, whose
// model writer, if any, was given the instruction writerPrompt names.
func AuditLines(sc *scenario.Scenario, mode view.Mode, backends [2]string, writerPrompt string, thoughts []event.Event, unfold bool, st *ui.Styles) func(w int) []string {
	return func(w int) []string {
		var out []string
		given, writer := "is given", false
		if mode == view.Humans {
			// No prompt: each person saw their own side, the HUMANS View.
			out = append(append(out, ui.Para("Two people played; each saw only their own side, as an AGENTS seat is given it.", w, 0, st.Dim)...), "")
			given = "saw"
		}
		for i, who := range view.Viewers(mode) {
			if i > 0 {
				out = append(out, "")
			}
			if who == view.Writer {
				writer = true
				who := ui.Line(backends[0])
				if writerPrompt != "" {
					who += "; instruction: " + ui.Line(writerPrompt) + ", see --writer-prompt"
				}
				out = append(out, st.Title.Render(fmt.Sprintf("The writer (%s) writes both seats and is given:", who)), "")
			} else {
				head := fmt.Sprintf("%s (%s, seat %d; %s) %s:", ui.Line(sc.Seats[who].Character.Name), ui.Line(sc.Seats[who].Role), who, ui.Line(backends[who]), given)
				out = append(out, st.Seat[who].Render(head), "")
			}
			out = append(out, ui.Para(view.For(sc, mode, who).Render(), w, 2, st.Setting)...)
		}
		return append(out, thoughtLines(thoughts, writer, unfold, w, st)...)
	}
}

// foldedLines is how much of each thought shows while folded.
const foldedLines = 3

// thoughtLines renders the models' reasoning: never speech, so dimmed and
// apart from the Views.
func thoughtLines(thoughts []event.Event, writer, unfold bool, w int, st *ui.Styles) []string {
	if len(thoughts) == 0 {
		return nil
	}
	hint := "z unfolds"
	if unfold {
		hint = "z folds"
	}
	out := []string{"", st.Title.Render(fmt.Sprintf("What the models thought before answering (not part of the dialogue; %s):", hint))}
	for _, t := range thoughts {
		head := fmt.Sprintf("  turn %d, %s:", t.Turn, ui.Line(t.Speaker))
		if writer {
			// The writer thinks once per script call, for many turns.
			head = fmt.Sprintf("  the writer, by turn %d:", t.Turn)
		}
		out = append(out, "", st.Dim.Render(head))
		lines := ui.Para(strings.TrimSpace(t.Thought), w, 4, st.Dim)
		if !unfold && len(lines) > foldedLines {
			more := len(lines) - foldedLines
			lines = append(lines[:foldedLines], st.Dim.Render(fmt.Sprintf("    … %d more %s", more, ui.Plural(more, "line"))))
		}
		out = append(out, lines...)
	}
	return out
}
