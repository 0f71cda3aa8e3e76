package human

import (
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// ErrHelp is returned for /help: the front end shows Help instead of
// sending anything.
var ErrHelp = errors.New("help requested")

// Command is one thing a player can type.
type Command struct {
	Usage   string
	Summary string
}

// Commands lists what a player can type in a scenario of the given family.
func Commands(f scenario.Family) []Command {
	cmds := []Command{{"TEXT", "say TEXT"}}
	switch f {
	case scenario.Craigslist:
		cmds = append(cmds,
			Command{"/offer PRICE", "make a formal offer (e.g. /offer 120)"},
			Command{"/accept", "accept the partner's formal offer"},
			Command{"/reject", "reject the partner's formal offer"})
	case scenario.MutualFriends:
		cmds = append(cmds, Command{"/select NAME", "pick the friend you think you share"})
	case scenario.DealOrNoDeal:
		cmds = append(cmds, dealCommands...)
	}
	return append(cmds,
		Command{"/act TEXT", "do something without words (e.g. /act shrugs)"},
		Command{"/leave", "walk away"},
		Command{"/help", "show this list"})
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
func Parse(input string, v view.View, history []run.Turn) (event.Action, error) {
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
	case "offer":
		return offer(arg, v)
	case "propose":
		return propose(arg, v)
	case "accept", "reject":
		if v.Family == scenario.DealOrNoDeal {
			return answerProposal(event.ActionType(strings.ToLower(name)), v, history)
		}
		return answer(event.ActionType(strings.ToLower(name)), v, history)
	case "select":
		if v.Family == scenario.DealOrNoDeal {
			return selectSplit(arg, v)
		}
		return selectFriend(arg, v)
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
	return event.Action{}, fmt.Errorf("unknown command /%s; type /help for the moves", name)
}

func offer(arg string, v view.View) (event.Action, error) {
	if v.Family != scenario.Craigslist {
		return event.Action{}, errors.New("offers are for Craigslist negotiations")
	}
	amounts := leak.Amounts(arg)
	if len(amounts) == 0 || amounts[0] <= 0 {
		return event.Action{}, errors.New("/offer needs a price, e.g. /offer 120")
	}
	p := amounts[0]
	return event.Action{Type: event.Offer, Text: "My offer is " + scenario.Money(p) + ".", Price: event.PriceOf(p)}, nil
}

// answer accepts or rejects the partner's open formal offer: the latest
// offer in the dialogue, when the partner made it.
func answer(t event.ActionType, v view.View, history []run.Turn) (event.Action, error) {
	if v.Family != scenario.Craigslist {
		return event.Action{}, fmt.Errorf("/%s answers a formal offer, which only Craigslist negotiations have", t)
	}
	self := v.Self().Seat
	for i := len(history) - 1; i >= 0; i-- {
		a := history[i].Action
		if a.Type != event.Offer || a.Price == nil {
			continue
		}
		if history[i].Seat == self {
			break
		}
		text := "I accept " + scenario.Money(*a.Price) + "."
		if t == event.Reject {
			text = "I can't accept " + scenario.Money(*a.Price) + "."
		}
		return event.Action{Type: t, Text: text}, nil
	}
	return event.Action{}, fmt.Errorf("there is no formal offer from %s to %s", v.Partner().Name, t)
}

func selectFriend(arg string, v view.View) (event.Action, error) {
	if v.Family != scenario.MutualFriends {
		return event.Action{}, errors.New("/select is for the mutual friends game")
	}
	friends := v.Self().Friends
	if arg == "" {
		return event.Action{}, errors.New("/select needs a name from your list, e.g. /select " + friends[0].Name)
	}
	want := strings.ToLower(arg)
	match := -1
	for i, f := range friends {
		full := strings.ToLower(f.Name)
		first, _, _ := strings.Cut(full, " ")
		if want == full {
			match = i
			break
		}
		if want == first {
			if match >= 0 {
				return event.Action{}, fmt.Errorf("%q fits more than one friend; type the full name", arg)
			}
			match = i
		}
	}
	if match < 0 {
		names := make([]string, len(friends))
		for i, f := range friends {
			names[i] = f.Name
		}
		return event.Action{}, fmt.Errorf("%s is not in your friend list (%s)", arg, strings.Join(names, ", "))
	}
	name := friends[match].Name
	return event.Action{Type: event.Select, Text: "I think it's " + name + ".", Friend: name}, nil
}
