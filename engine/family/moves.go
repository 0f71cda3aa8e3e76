package family

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// Move is one kind of structured move and how each kind of player makes
// it: models (agents and the SCRIPT writer) and people at the keyboard.
type Move struct {
	Type event.ActionType
	// Arg is the argument the move carries besides its words, and how
	// models give it; nil for none.
	Arg *Arg
	// Agent explains the move in an agent's prompt; "" when models do not
	// make this move.
	Agent string
	// Allowed refuses the move by seat when the dialogue so far leaves it
	// nothing to do (an answer with no proposal of the partner's
	// standing); nil when the move is always allowed. Models' moves are
	// checked with it; a player's command (Human) applies the same rule.
	Allowed func(v view.View, seat int, history []Turn) error
	// Command is how a player types the move; a zero Command when players
	// do not make it.
	Command Command
	// Elsewhere refuses the command in another family's scenario; "" to
	// leave the refusal to a family that says it better.
	Elsewhere string
	// Human reads a player's command argument into the move; history is
	// the dialogue so far.
	Human func(arg string, v view.View, history []Turn) (event.Action, error)
}

// Arg is a move's argument (a price, a friend's name, the items the mover
// takes): its type and how models give it. A family reads an argument
// written as text by one rule, whoever wrote it (an agent, the writer, a
// player), so Tag, Reply and the move's Human share it.
type Arg struct {
	// Kind is a value of the argument's type (Action.Arg), registered for
	// recordings by Register.
	Kind event.Arg
	// Tag reads the argument of a script tag as the mover (seat) wrote
	// it: text after the tag's first word ("[offer $120]": tag "offer
	// $120", text "$120"). The error is what the writer is told to fix.
	Tag func(tag, text string, v view.View, seat int) (event.Arg, error)
	// Reply reads the argument of an agent's JSON reply; the error is
	// what the agent is told to fix.
	Reply func(r Reply, v view.View, seat int) (event.Arg, error)
}

// Reply is an agent's JSON reply as a move's argument is read from it:
// its objects' members by name, the reply's own first, then those of an
// action object nested in it ({"action": {"type": "offer", "price":
// 450}}).
type Reply struct {
	Objects []map[string]json.RawMessage
}

// First returns the first of keys the reply gives, the reply's own
// members before a nested action's, each object's in the order of keys;
// null counts as none.
func (r Reply) First(keys ...string) json.RawMessage {
	for _, obj := range r.Objects {
		for _, k := range keys {
			if raw, ok := obj[k]; ok && strings.TrimSpace(string(raw)) != "null" {
				return raw
			}
		}
	}
	return nil
}

// Text returns the first of keys whose value is text with more than
// white space, in First's order; "" when none is.
func (r Reply) Text(keys ...string) string {
	for _, obj := range r.Objects {
		for _, k := range keys {
			var s string
			if raw, ok := obj[k]; ok && json.Unmarshal(raw, &s) == nil && strings.TrimSpace(s) != "" {
				return s
			}
		}
	}
	return ""
}

// Command is one thing a player can type.
type Command struct {
	Usage   string
	Summary string
	// Ends says how the move ends the game, to a player before it is
	// sent ("" for a move that ends nothing by itself).
	Ends string
}

// Ends is how a move of type t ends a game of family f, as a player is
// told before sending it; "" when it ends nothing by itself.
func Ends(f Family, t event.ActionType) string {
	if f == nil {
		return ""
	}
	for _, m := range f.Moves() {
		if m.Type == t {
			return m.Command.Ends
		}
	}
	return ""
}

// Word is the command's name without the slash: "offer" for
// "/offer PRICE".
func (c Command) Word() string {
	w, _, _ := strings.Cut(strings.TrimPrefix(c.Usage, "/"), " ")
	return w
}

// Shared are the moves of every family, in prompt order.
var Shared = []Move{
	{Type: event.Speak, Agent: `say "text".`},
	{Type: event.NonVerbal, Agent: `a gesture or expression, in "text".`},
	{Type: event.Act, Agent: `a physical action, in "text".`},
	{Type: event.Leave, Agent: `leave for good ("text": parting words), once your goal is reached or out of reach.`},
	{Type: event.None, Agent: `do nothing this turn.`},
}

// ModelMoves lists the moves models may make in family f (nil: a family
// that is not registered), shared ones first.
func ModelMoves(f Family) []Move {
	out := append([]Move(nil), Shared...)
	if f == nil {
		return out
	}
	for _, m := range f.Moves() {
		if m.Agent != "" {
			out = append(out, m)
		}
	}
	return out
}

// ModelMove returns the move of type t when models may make it in f.
func ModelMove(f Family, t event.ActionType) (Move, bool) {
	for _, m := range ModelMoves(f) {
		if m.Type == t {
			return m, true
		}
	}
	return Move{}, false
}

// Commands lists the family's player commands in help order.
func Commands(f Family) []Command {
	var out []Command
	if f == nil {
		return out
	}
	for _, m := range f.Moves() {
		if m.Command.Usage != "" {
			out = append(out, m.Command)
		}
	}
	return out
}

// HumanMove reads a player's command word and argument as family f's move.
// ok is false when no registered family has the command; a command of
// another family is refused with that family's words.
func HumanMove(f Family, word, arg string, v view.View, history []Turn) (a event.Action, ok bool, err error) {
	word = strings.ToLower(word)
	if f != nil {
		for _, m := range f.Moves() {
			if m.Command.Usage != "" && m.Command.Word() == word {
				a, err := m.Human(arg, v, history)
				return a, true, err
			}
		}
	}
	for _, other := range All() {
		for _, m := range other.Moves() {
			if m.Command.Usage != "" && m.Command.Word() == word && m.Elsewhere != "" {
				return event.Action{}, true, errors.New(m.Elsewhere)
			}
		}
	}
	return event.Action{}, false, nil
}
