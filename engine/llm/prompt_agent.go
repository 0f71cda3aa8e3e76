package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
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
	for _, t := range allowedActions(f) {
		fmt.Fprintf(&b, "- %q: %s\n", t, actionHelp[t])
	}
	b.WriteString(familyRules[f])
	return b.String()
}

var actionHelp = map[event.ActionType]string{
	event.Speak:     `say "text".`,
	event.NonVerbal: `a gesture or expression, in "text".`,
	event.Act:       `a physical action, in "text".`,
	event.Leave:     `leave for good ("text": parting words), once your goal is reached or out of reach.`,
	event.None:      `do nothing this turn.`,
	event.Offer:     `a formal offer: "price" in dollars (a number); "text" may add words.`,
	event.Accept:    `accept your partner's formal offer; this ends the negotiation.`,
	event.Reject:    `reject your partner's formal offer; this ends the negotiation.`,
	event.Select:    `name the friend you believe you share: "friend" is a name from your own list.`,
}

// familyRules says what ends the game well in each family.
var familyRules = map[scenario.Family]string{
	scenario.Craigslist:    "Only a formal offer and its acceptance make a deal; agreeing in words makes none.\n",
	scenario.MutualFriends: "You win only if you both select the one friend on both lists. Ask and answer about friends' details to find them; do not just recite names.\n",
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
