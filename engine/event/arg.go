package event

import (
	"bytes"
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
// registered under the argument's key, as encoding/json would read a
// struct with that field (other members are let go). An action carries
// one argument.
func (a *Action) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		return nil
	}
	*a = Action{}
	return eachMember(b, func(key, value []byte) error {
		switch {
		case keyIs(key, "type"):
			var t string
			err := unquote(value, &t)
			a.Type = ActionType(t)
			return err
		case keyIs(key, "text"):
			return unquote(value, &a.Text)
		}
		v, known, err := args.DecodeJSON(key, value)
		switch {
		case err != nil:
			return fmt.Errorf("action: %s: %w", key, err)
		case !known || v == nil:
			return nil
		case a.Arg != nil && a.Arg.Key() != v.(Arg).Key():
			return fmt.Errorf("action: %s and %s: a move carries one argument", a.Arg.Key(), v.(Arg).Key())
		}
		a.Arg = v.(Arg)
		return nil
	})
}
