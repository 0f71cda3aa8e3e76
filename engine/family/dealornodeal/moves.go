package dealornodeal

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Moves are a proposal of a split, the answers to one, and a final
// selection, made alike by models and players.
func (Family) Moves() []family.Move {
	return []family.Move{
		{Type: event.Offer, Arg: family.SplitArg, Read: readMove(event.Offer),
			Agent:     `propose a split: "split" is what you take of each item on the table, e.g. {"book": 2, "hat": 0, "ball": 1}; your partner gets the rest. "text" may add words.`,
			Command:   family.Command{Usage: "/propose book=2 hat=0 ball=1", Summary: "propose what you take; the partner gets the rest"},
			Elsewhere: "/propose is for Deal-or-No-Deal", Human: propose},
		{Type: event.Accept, Allowed: allowAnswer(event.Accept),
			Agent:   `accept your partner's standing proposal; this ends the game with their split.`,
			Command: family.Command{Usage: "/accept", Summary: "accept the partner's proposal"}, Human: answer(event.Accept)},
		{Type: event.Reject, Allowed: allowAnswer(event.Reject),
			Agent:   `turn your partner's standing proposal down and keep talking.`,
			Command: family.Command{Usage: "/reject", Summary: "turn the partner's proposal down and keep talking"}, Human: answer(event.Reject)},
		{Type: event.Select, Arg: family.SplitArg, Read: readMove(event.Select),
			Agent:   `your final choice: "split" is what you take of each item, as for "offer"; the game ends once both have chosen, in agreement only if the two choices divide every item exactly.`,
			Command: family.Command{Usage: "/select book=2 hat=0 ball=1", Summary: "choose what you take (agreement when it fits the partner's choice)"},
			Human:   selectSplit},
	}
}

// errNoSplit is a move without any item in its argument.
var errNoSplit = errors.New("it says nothing of what you take")

// notItemCount is a part of a split that is not an item with a count.
type notItemCount string

func (p notItemCount) Error() string { return fmt.Sprintf("%q: write item=count", string(p)) }

// readSplit reads what the mover takes of the items on the table:
// "book=2 hat=0 ball=1", and the variants models write: colons for
// equals signs, commas or "and" between items, a JSON object ({"book":
// 2, "hat": 0}), plurals ("books=2") and counts before names ("2 books
// and no hat."). An item left
// out is taken zero times; a split that does not fit the table
// (scenario.Deal.Fits) is refused.
func readSplit(arg string, items []scenario.Item) (scenario.Split, error) {
	arg = strings.Map(func(r rune) rune {
		switch r {
		case '{', '}', '"', '\'', ',', ';':
			return ' '
		case ':':
			return '='
		}
		return r
	}, strings.ToLower(arg))
	arg = strings.Join(strings.Fields(strings.ReplaceAll(arg, "=", " = ")), " ")
	arg = strings.ReplaceAll(arg, " = ", "=")
	var tokens []string
	for _, tok := range strings.Fields(arg) {
		if tok = strings.Trim(tok, ".!?()"); tok != "" && tok != "and" && tok != "&" {
			tokens = append(tokens, tok)
		}
	}
	if len(tokens) == 0 {
		return nil, errNoSplit
	}
	split := scenario.Split{}
	for i := 0; i < len(tokens); i++ {
		part := tokens[i]
		name, num, ok := strings.Cut(part, "=")
		if !ok && i+1 < len(tokens) && !strings.Contains(tokens[i+1], "=") {
			count := part
			if count == "no" {
				count = "0"
			}
			if _, err := strconv.Atoi(count); err == nil {
				name, num, ok = tokens[i+1], count, true
				part += " " + tokens[i+1]
				i++
			}
		}
		n, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, notItemCount(part)
		}
		name = singular(name, items)
		if _, twice := split[name]; twice {
			return nil, fmt.Errorf("%s is named twice", name)
		}
		split[name] = n
	}
	d := &scenario.Deal{Items: items}
	if err := d.Fits(split); err != nil {
		return nil, err
	}
	for _, it := range items {
		if _, ok := split[it.Name]; !ok {
			split[it.Name] = 0
		}
	}
	return split, nil
}

// singular is the item's own name for its plural.
func singular(name string, items []scenario.Item) string {
	for _, it := range items {
		if name == scenario.Plural(it.Name, 2) {
			return it.Name
		}
	}
	return name
}

// readMove reads a model's proposal or selection.
func readMove(t event.ActionType) func(string, view.View, int) (event.Action, error) {
	return func(arg string, v view.View, _ int) (event.Action, error) {
		split, err := readSplit(arg, v.Items)
		if err != nil {
			return event.Action{}, err
		}
		return event.Action{Type: t, Split: split}, nil
	}
}

// parseSplit reads a player's command argument, with an example of the
// command in the error.
func parseSplit(cmd, arg string, v view.View) (scenario.Split, error) {
	example := "/" + cmd
	for _, it := range v.Items {
		example += fmt.Sprintf(" %s=%d", it.Name, it.Count/2)
	}
	split, err := readSplit(arg, v.Items)
	var bad notItemCount
	switch {
	case errors.Is(err, errNoSplit):
		return nil, fmt.Errorf("/%s needs what you take, e.g. %s", cmd, example)
	case errors.As(err, &bad):
		return nil, fmt.Errorf("%v, e.g. %s", err, example)
	}
	return split, err
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

// standing finds the partner's proposal that seat may answer after the
// dialogue history; the error says there is none.
func standing(t event.ActionType, v view.View, seat int, history []family.Turn) (scenario.Split, error) {
	d := &scenario.Deal{Items: v.Items}
	var open openProposal
	for _, turn := range history {
		open.note(d, turn)
	}
	if split, ok := open.forSeat(seat); ok {
		return split, nil
	}
	return nil, fmt.Errorf("there is no proposal from %s to %s", v.Seats[scenario.Partner(seat)].Name, t)
}

// allowAnswer refuses an acceptance or rejection with no proposal to
// answer.
func allowAnswer(t event.ActionType) func(view.View, int, []family.Turn) error {
	return func(v view.View, seat int, history []family.Turn) error {
		_, err := standing(t, v, seat, history)
		return err
	}
}

// answer is a player's acceptance or rejection of the partner's standing
// proposal, in words that say the split.
func answer(t event.ActionType) func(string, view.View, []family.Turn) (event.Action, error) {
	return func(_ string, v view.View, history []family.Turn) (event.Action, error) {
		split, err := standing(t, v, v.Self().Seat, history)
		if err != nil {
			return event.Action{}, err
		}
		d := &scenario.Deal{Items: v.Items}
		mine := d.Words(d.Rest(split))
		if t == event.Reject {
			return event.Action{Type: t, Text: "No, I won't take just " + mine + "."}, nil
		}
		return event.Action{Type: t, Text: "Agreed: I take " + mine + "."}, nil
	}
}
