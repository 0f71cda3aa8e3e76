package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// The words an AGENTS or MINDREADERS seat is given.

// agentSystem is the system message of a seat. It depends only on the
// family, so every seat of every run of the family shares it.
func agentSystem(f scenario.Family) string {
	var b strings.Builder
	b.WriteString(`You play one character in a conversation, as described below. Stay in character and pursue the goal using only what you are told. Your goal and private information are yours alone: reveal them only as your character would. Say something new each turn; do not repeat yourself.

On your turn, answer with one JSON object only, e.g. {"action": "speak", "text": "Hello there."}
"action" is one of:
`)
	fam := family.Of(f)
	for _, m := range family.ModelMoves(fam) {
		fmt.Fprintf(&b, "- %q: %s\n", m.Type, m.Agent)
	}
	if fam != nil {
		b.WriteString(fam.Prompt().AgentRule)
	}
	return b.String()
}

// agentAsk closes a seat's user message; it is the only part that
// changes from turn to turn.
func agentAsk(v view.View, turn int) string {
	return fmt.Sprintf("\nTurn %d of %d is yours, %s. Answer with one JSON object.", turn, v.MaxTurns, v.Self().Name)
}

// reask asks once more after an answer that could not be used.
func reask(problem string) string {
	return "That answer could not be used: " + problem + ". Answer again with only one JSON object, e.g. {\"action\": \"speak\", \"text\": \"...\"}."
}
