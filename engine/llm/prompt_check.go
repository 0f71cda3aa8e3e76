package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/scenario"
)

// The words the leak check is given: the characters, the dialogue up to
// the turn, the turn, and the facts still open to it, each with its id
// and whose it is; the answer is one JSON object naming the facts the
// turn states or implies, with the turn's words that do it.

// checkOpening opens the leak check's system message (a dry run's
// stand-in tells the roles apart by it).
const checkOpening = "You check one turn of a conversation for private information."

// checkSystem is the leak check's system message, the same for every
// call.
const checkSystem = checkOpening + ` You are given the facts private to one character (or hidden from both), each with an id, and the turn to check.
Name each fact the turn states or implies: a listener who heard the turn would learn the fact, exactly or nearly (an amount rounded, a person named by their relation, a secret in other words). A fact whose topic is only touched does not count, and neither does a denial of the fact or a question about it.
For each fact named, quote the words of the turn that state or imply it, exactly as the turn says them.
Answer with one JSON object and nothing else: {"facts": [{"id": "...", "words": "..."}]}, with an empty list when the turn states none of them.`

// checkAsk is the user message for one turn.
func checkAsk(q check.Question) string {
	var b strings.Builder
	b.WriteString("The characters:\n")
	for _, s := range q.Scenario.Seats {
		fmt.Fprintf(&b, "- %s (%s)\n", s.Character.Name, s.Role)
	}
	if len(q.History) > 1 {
		b.WriteString("\nThe conversation before the turn:\n")
		dialogue(&b, q.History[:len(q.History)-1])
	}
	fmt.Fprintf(&b, "\nThe turn to check:\n%s\n", turnLine(q.Turn))
	b.WriteString("\nThe private facts:\n")
	for _, o := range q.Open {
		fmt.Fprintf(&b, "- %s: %s: %s\n", o.Fact.ID, whose(q.Scenario, o), oneLine(factText(o.Fact)))
	}
	return b.String()
}

// whose says whose a fact is, for the check's list.
func whose(sc *scenario.Scenario, o leak.Open) string {
	if s := int(o.Fact.Owner); s >= 0 && s < len(sc.Seats) {
		return sc.Seats[s].Character.Name + "'s"
	}
	return "hidden from both"
}

// factText is what a fact says: its text, else its phrases.
func factText(f scenario.Fact) string {
	if f.Text != "" {
		return f.Text
	}
	return strings.Join(f.Phrases, "; ")
}

// checkReask asks once more after an answer that could not be used.
func checkReask(problem string) string {
	return "That answer could not be used: " + problem + `. Answer again with only the JSON object {"facts": [{"id": "...", "words": "..."}]}, naming only ids from the list.`
}
