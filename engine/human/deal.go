package human

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// dealCommands are the Deal-or-No-Deal moves.
var dealCommands = []Command{
	{"/propose book=2 hat=0 ball=1", "propose what you take; the partner gets the rest"},
	{"/accept", "accept the partner's proposal"},
	{"/reject", "turn the partner's proposal down and keep talking"},
	{"/select book=2 hat=0 ball=1", "choose what you take (agreement when it fits the partner's choice)"},
}

// parseSplit reads "book=2 hat=0 ball=1" against the items on the table.
// An item left out is taken zero times.
func parseSplit(cmd, arg string, v view.View) (scenario.Split, error) {
	d := &scenario.Deal{Items: v.Items}
	example := "/" + cmd
	for _, it := range v.Items {
		example += fmt.Sprintf(" %s=%d", it.Name, it.Count/2)
	}
	if arg == "" {
		return nil, fmt.Errorf("/%s needs what you take, e.g. %s", cmd, example)
	}
	split := scenario.Split{}
	for _, part := range strings.Fields(arg) {
		name, num, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("%q: write item=count, e.g. %s", part, example)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		for _, it := range v.Items {
			if name == scenario.Plural(it.Name, 2) {
				name = it.Name
			}
		}
		split[name] = n
	}
	if err := d.Fits(split); err != nil {
		return nil, err
	}
	for _, it := range v.Items {
		if _, ok := split[it.Name]; !ok {
			split[it.Name] = 0
		}
	}
	return split, nil
}

func propose(arg string, v view.View) (event.Action, error) {
	if v.Family != scenario.DealOrNoDeal {
		return event.Action{}, errors.New("/propose is for Deal-or-No-Deal")
	}
	split, err := parseSplit("propose", arg, v)
	if err != nil {
		return event.Action{}, err
	}
	d := &scenario.Deal{Items: v.Items}
	return event.Action{Type: event.Offer, Split: split, Text: "I propose I take " + d.Words(split) + ", and you get " + d.Words(d.Rest(split)) + "."}, nil
}

func selectSplit(arg string, v view.View) (event.Action, error) {
	split, err := parseSplit("select", arg, v)
	if err != nil {
		return event.Action{}, err
	}
	d := &scenario.Deal{Items: v.Items}
	return event.Action{Type: event.Select, Split: split, Text: "I take " + d.Words(split) + "."}, nil
}

// answerProposal accepts or rejects the partner's open proposal: the
// latest proposal in the dialogue, when the partner made it.
func answerProposal(t event.ActionType, v view.View, history []run.Turn) (event.Action, error) {
	self := v.Self().Seat
	d := &scenario.Deal{Items: v.Items}
	for i := len(history) - 1; i >= 0; i-- {
		a := history[i].Action
		if a.Type == event.Reject && history[i].Seat == self {
			break
		}
		if a.Type != event.Offer || a.Split == nil {
			continue
		}
		if history[i].Seat == self {
			break
		}
		mine := d.Words(d.Rest(a.Split))
		if t == event.Reject {
			return event.Action{Type: t, Text: "No, I won't take just " + mine + "."}, nil
		}
		return event.Action{Type: t, Text: "Agreed: I take " + mine + "."}, nil
	}
	return event.Action{}, fmt.Errorf("there is no proposal from %s to %s", v.Partner().Name, t)
}
