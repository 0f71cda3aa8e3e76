package family

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Arg is what a move carries besides its words.
type Arg int

const (
	NoArg     Arg = iota
	PriceArg      // a price in dollars (Action.Price)
	FriendArg     // a name from the mover's own friend list (Action.Friend)
	SplitArg      // what the mover takes of the items (Action.Split)
)

// Move is one kind of structured move and how each kind of player makes
// it: models (agents and the SCRIPT writer) and people at the keyboard.
type Move struct {
	Type event.ActionType
	Arg  Arg
	// Agent explains the move in an agent's prompt; "" when models do not
	// make this move.
	Agent string
	// Read reads the move's argument as the mover (seat) wrote it, in a
	// model's reply, a script tag or a player's command, into the action's
	// Price, Friend or Split. Every move with an Arg that models make has
	// one.
	Read func(arg string, v view.View, seat int) (event.Action, error)
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

// Command is one thing a player can type.
type Command struct {
	Usage   string
	Summary string
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

// Friend finds name on a friend list, case-insensitively, by full name or
// by a first name only one friend has, and returns the list's spelling,
// which the referee compares. The error lists the names to pick from.
func Friend(name string, list []scenario.Friend) (string, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	match := -1
	for i, f := range list {
		full := strings.ToLower(f.Name)
		first, _, _ := strings.Cut(full, " ")
		if want == full {
			return f.Name, nil
		}
		if want == first {
			if match >= 0 {
				return "", fmt.Errorf("%q fits more than one friend; type the full name", name)
			}
			match = i
		}
	}
	if match < 0 {
		names := make([]string, len(list))
		for i, f := range list {
			names[i] = f.Name
		}
		return "", fmt.Errorf("%s is not in your friend list (%s)", name, strings.Join(names, ", "))
	}
	return list[match].Name, nil
}
