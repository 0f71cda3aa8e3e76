package mutualfriends

import (
	"errors"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/view"
)

// Moves is selecting a friend from one's own list.
func (Family) Moves() []family.Move {
	return []family.Move{
		{Type: event.Select, Arg: family.FriendArg, Read: readFriend,
			Agent:     `name the friend you believe you share: "friend" is a name from your own list.`,
			Command:   family.Command{Usage: "/select NAME", Summary: "pick the friend you think you share"},
			Elsewhere: "/select is for the mutual friends game", Human: selectFriend},
	}
}

// readFriend finds the name on the mover's own list (family.Friend).
func readFriend(arg string, v view.View, seat int) (event.Action, error) {
	name, err := family.Friend(arg, v.Seats[seat].Friends)
	if err != nil {
		return event.Action{}, err
	}
	return event.Action{Type: event.Select, Friend: name}, nil
}

func selectFriend(arg string, v view.View, _ []family.Turn) (event.Action, error) {
	if arg == "" {
		return event.Action{}, errors.New("/select needs a name from your list, e.g. /select " + v.Self().Friends[0].Name)
	}
	a, err := readFriend(arg, v, v.Self().Seat)
	if err != nil {
		return event.Action{}, err
	}
	a.Text = "I think it's " + a.Friend + "."
	return a, nil
}
