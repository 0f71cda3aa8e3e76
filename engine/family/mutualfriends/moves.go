package mutualfriends

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/view"
)

// Moves is selecting a friend from one's own list.
func (Family) Moves() []family.Move {
	return []family.Move{
		{Type: event.Select, Arg: &family.Arg{Kind: Pick(""), Tag: tagFriend, Reply: replyFriend},
			Agent:     `name the friend you believe you share: "friend" is a name from your own list.`,
			Command:   family.Command{Usage: "/select NAME", Summary: "pick the friend you think you share"},
			Elsewhere: "/select is for the mutual friends game", Human: selectFriend},
	}
}

// readFriend finds the name on the mover's own list (Find): the one
// reader of a selected name, whoever wrote it.
func readFriend(text string, v view.View, seat int) (Pick, error) {
	name, err := Find(text, FriendsOf(v.Seats[seat]))
	return Pick(name), err
}

// tagFriend reads the writer's "[select Jacob]".
func tagFriend(tag, text string, v view.View, seat int) (event.Arg, error) {
	p, err := readFriend(strings.Trim(text, `"' `), v, seat)
	if err != nil {
		return nil, fmt.Errorf("[%s] does not name a friend on %s's list", tag, v.Seats[seat].Name)
	}
	return p, nil
}

// replyFriend reads an agent's "friend" (or "name").
func replyFriend(r family.Reply, v view.View, seat int) (event.Arg, error) {
	p, err := readFriend(r.Text("friend", "name"), v, seat)
	if err != nil {
		return nil, errors.New(`"friend" must be a name from your own friend list`)
	}
	return p, nil
}

func selectFriend(arg string, v view.View, _ []family.Turn) (event.Action, error) {
	if arg == "" {
		return event.Action{}, errors.New("/select needs a name from your list, e.g. /select " + FriendsOf(v.Self())[0].Name)
	}
	p, err := readFriend(arg, v, v.Self().Seat)
	if err != nil {
		return event.Action{}, err
	}
	return event.Action{Type: event.Select, Arg: p, Text: "I think it's " + string(p) + "."}, nil
}
