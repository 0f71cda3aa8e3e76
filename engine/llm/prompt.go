package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Prompts are laid out for prefix caching: the system message and the
// rendered View come first and never change within a run; the dialogue is
// appended turn by turn; only the closing request after it changes.

// agentSystem is the system message of an AGENTS or MINDREADERS seat. It
// depends only on the family, so every seat of every run shares it.
func agentSystem(f scenario.Family) string {
	var b strings.Builder
	b.WriteString(`You play one character in a conversation with another person. Stay in character and pursue your character's goal using only what you are told.

Whenever it is your turn, answer with exactly one JSON object and nothing else, for example:
{"action": "speak", "text": "Hello there."}

Actions you may take ("action" field):
`)
	for _, t := range allowedActions(f) {
		fmt.Fprintf(&b, "- %q: %s\n", t, actionHelp[t])
	}
	b.WriteString(`
Keep "text" to what a person would say in one turn.`)
	return b.String()
}

var actionHelp = map[event.ActionType]string{
	event.Speak:     `say "text" out loud.`,
	event.NonVerbal: `a gesture or expression, described in "text".`,
	event.Act:       `a physical action, described in "text".`,
	event.Leave:     `leave the conversation for good; "text" may hold parting words.`,
	event.None:      `say and do nothing this turn.`,
	event.Offer:     `make a formal offer: "price" is the amount in dollars (a number); "text" may add words.`,
	event.Accept:    `accept the formal offer your partner made; this ends the negotiation.`,
	event.Reject:    `reject the formal offer your partner made; this ends the negotiation.`,
	event.Select:    `name the friend you believe you both have: "friend" is the exact name from your own list.`,
}

// background opens the user message: the View and the dialogue heading.
func background(v view.View) string {
	return v.Render() + "\nThe conversation so far:\n"
}

// dialogue renders the turns so far, one line each, appended in order.
func dialogue(b *strings.Builder, v view.View, history []run.Turn) {
	for _, t := range history {
		b.WriteString(turnLine(v, t))
		b.WriteByte('\n')
	}
}

// turnLine renders one past turn the way the prompts show it.
func turnLine(v view.View, t run.Turn) string {
	return fmt.Sprintf("Turn %d, %s (%s): %s", t.Number, t.Speaker, v.Seats[t.Seat].Role, tagged(t.Action))
}

// tagged renders an action as its words after a bracketed tag, the same
// tags the script format uses.
func tagged(a event.Action) string {
	tag := ""
	switch a.Type {
	case event.Offer:
		if a.Price != nil {
			tag = "[offer " + scenario.Money(*a.Price) + "]"
		}
	case event.Select:
		tag = "[select " + a.Friend + "]"
	case event.NonVerbal, event.Act, event.Accept, event.Reject, event.Leave:
		tag = "[" + string(a.Type) + "]"
	case event.None:
		return "[says nothing]"
	}
	return strings.TrimSpace(tag + " " + oneLine(a.Text))
}

// agentAsk closes an agent's user message.
func agentAsk(v view.View, turn int) string {
	self := v.Self()
	return fmt.Sprintf("\nIt is turn %d of %d, and it is your turn, %s. Answer with one JSON object.", turn, v.MaxTurns, self.Name)
}

// reask asks once more after an answer that could not be used.
func reask(problem string) string {
	return "That answer could not be used: " + problem + ". Answer again with only one JSON object, for example {\"action\": \"speak\", \"text\": \"...\"}."
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
