package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Prompts are laid out for prefix caching: the system message and the
// rendered View come first and never change within a run; the dialogue is
// appended turn by turn; only the closing request after it changes.
//
// Each role's words are in a file of their own, to read and diff:
// prompt_agent.go, prompt_writer.go and prompt_judge.go. This file holds
// what they share: the background and the dialogue.

// background opens the user message: the View and the dialogue heading.
func background(v view.View) string {
	return v.Render() + "\nThe conversation so far:\n"
}

// dialogue renders the turns so far, one line each, appended in order.
func dialogue(b *strings.Builder, history []event.Turn) {
	for _, t := range history {
		b.WriteString(turnLine(t))
		b.WriteByte('\n')
	}
}

// turnLine renders one past turn the way the prompts show it: as a line
// of the script format, which every role reads the same way.
func turnLine(t event.Turn) string {
	return fmt.Sprintf("%d. %s: %s", t.Number, t.Speaker, scenario.Tagged(t.Action))
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
