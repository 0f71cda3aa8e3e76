package event

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/omnigap/omnigap/engine/shape"
)

// Arg is a structured move's argument, in a type of the family that makes
// the move (a Craigslist price, a MutualFriends name, a Deal-or-No-Deal
// split). Each kind of argument is registered (RegisterArg) under the key
// a recorded action holds it by.
type Arg interface {
	// Key is the member of a recorded action that holds the argument
	// ("price"); no two kinds share one.
	Key() string
	// Label is the argument as a move's label says it: "$530", "Jacob
	// Reyes", "ball=1 book=2 hat=0" (scenario.Label).
	Label() string
	// Said is what the argument says in words, which the annotator reads
	// as said with the move when the text does not say it (an offer's
	// price, a selected friend); "" when it says nothing a fact could be.
	Said() string
	// AppendJSON appends the argument as encoding/json writes it, with
	// textsafe.EscapeJSON's escapes (package jsonw writes such values),
	// for the recording's fast path. It returns false when it cannot (a
	// number JSON cannot hold); the event then goes through encoding/json.
	AppendJSON(dst []byte) ([]byte, bool)
}

// args are the registered kinds of argument: Action's shape in recordings.
var args = shape.For(reflect.TypeFor[Action](), "Arg")

// RegisterArg makes a kind of argument, given by a value of its type,
// readable from recordings. Families register theirs (family.Register
// does, for each move's argument); registering a kind again changes
// nothing, and a key taken by another kind panics.
func RegisterArg(kind Arg) {
	args.Add(kind.Key(), reflect.TypeOf(kind))
}

// MarshalJSON writes the action with its argument under the argument's
// key, as encoding/json would write a struct with that field.
func (a Action) MarshalJSON() ([]byte, error) {
	shaped, err := args.Shape().Out(&a)
	if err != nil {
		return nil, fmt.Errorf("action: %w", err)
	}
	return json.Marshal(shaped)
}

// UnmarshalJSON reads an action and its argument, typed by the kind
// registered under the argument's key. An action may carry one argument.
func (a *Action) UnmarshalJSON(b []byte) error {
	s := args.Shape()
	shaped := s.New()
	if err := json.Unmarshal(b, shaped); err != nil {
		return err
	}
	*a = Action{}
	set := s.In(shaped, a)
	switch len(set) {
	case 0:
	case 1:
		a.Arg = set[0].(Arg)
	default:
		return fmt.Errorf("action: %s and %s: a move carries one argument", set[0].(Arg).Key(), set[1].(Arg).Key())
	}
	return nil
}
