package human

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// ErrHelp is returned for /help: the front end shows Help instead of
// sending anything.
var ErrHelp = errors.New("help requested")

// Commands lists what a player can type in a scenario of the given
// family: words, the family's moves, and the moves every family has.
func Commands(f scenario.Family) []family.Command {
	cmds := []family.Command{{Usage: "TEXT", Summary: "say TEXT"}}
	cmds = append(cmds, family.Commands(family.Of(f))...)
	return append(cmds,
		family.Command{Usage: "/act TEXT", Summary: "do something without words (e.g. /act shrugs)"},
		family.Command{Usage: "/leave", Summary: "walk away"},
		family.Command{Usage: "/help", Summary: "show this list"})
}

// Help renders Commands as lines for an inline help box.
func Help(f scenario.Family) string {
	var b strings.Builder
	for _, c := range Commands(f) {
		fmt.Fprintf(&b, "%-13s %s\n", c.Usage, c.Summary)
	}
	return b.String()
}

// Parse turns what the player typed into a move for their seat. v is the
// player's own View (never the writer's); history is the dialogue so far.
// An invalid move is refused with the reason and nothing is sent.
func Parse(input string, v view.View, history []event.Turn) (event.Action, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return event.Action{}, errors.New("type something to say, or /help for the moves")
	}
	if !strings.HasPrefix(input, "/") {
		return event.Action{Type: event.Speak, Text: input}, nil
	}
	name, arg, _ := strings.Cut(input[1:], " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(name) {
	case "help", "?":
		return event.Action{}, ErrHelp
	case "act":
		if arg == "" {
			return event.Action{}, errors.New("/act needs a description, e.g. /act shrugs")
		}
		return event.Action{Type: event.NonVerbal, Text: arg}, nil
	case "leave":
		if arg == "" {
			arg = "I'm going to leave it here."
		}
		return event.Action{Type: event.Leave, Text: arg}, nil
	}
	if a, ok, err := family.HumanMove(family.Of(v.Family), name, arg, v, run.FamilyTurns(history)); ok {
		return a, err
	}
	return event.Action{}, fmt.Errorf("unknown command /%s; type /help for the moves", name)
}
