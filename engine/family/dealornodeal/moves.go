package dealornodeal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Moves are a proposal of a split, the answers to one, and a final
// selection. Players make them; models do not yet.
func (Family) Moves() []family.Move {
	return []family.Move{
		{Type: event.Offer, Arg: family.SplitArg,
			Command:   family.Command{Usage: "/propose book=2 hat=0 ball=1", Summary: "propose what you take; the partner gets the rest"},
			Elsewhere: "/propose is for Deal-or-No-Deal", Human: propose},
		{Type: event.Accept, Command: family.Command{Usage: "/accept", Summary: "accept the partner's proposal"}, Human: answer(event.Accept)},
		{Type: event.Reject, Command: family.Command{Usage: "/reject", Summary: "turn the partner's proposal down and keep talking"}, Human: answer(event.Reject)},
		{Type: event.Select, Arg: family.SplitArg,
			Command: family.Command{Usage: "/select book=2 hat=0 ball=1", Summary: "choose what you take (agreement when it fits the partner's choice)"},
			Human:   selectSplit},
	}
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

func propose(arg string, v view.View, _ []family.Turn) (event.Action, error) {
	split, err := parseSplit("propose", arg, v)
	if err != nil {
		return event.Action{}, err
	}
	d := &scenario.Deal{Items: v.Items}
	return event.Action{Type: event.Offer, Split: split, Text: "I propose I take " + d.Words(split) + ", and you get " + d.Words(d.Rest(split)) + "."}, nil
}

func selectSplit(arg string, v view.View, _ []family.Turn) (event.Action, error) {
	split, err := parseSplit("select", arg, v)
	if err != nil {
		return event.Action{}, err
	}
	d := &scenario.Deal{Items: v.Items}
	return event.Action{Type: event.Select, Split: split, Text: "I take " + d.Words(split) + "."}, nil
}

// answer accepts or rejects the partner's open proposal: the latest
// proposal in the dialogue, when the partner made it.
func answer(t event.ActionType) func(string, view.View, []family.Turn) (event.Action, error) {
	return func(_ string, v view.View, history []family.Turn) (event.Action, error) {
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
}
