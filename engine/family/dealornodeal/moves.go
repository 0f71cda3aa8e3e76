package dealornodeal

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
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
		{Type: event.Offer, Arg: splitArg(event.Offer),
			Agent:     `propose a split: "split" is what you take of each item on the table, e.g. {"book": 2, "hat": 0, "ball": 1}; your partner gets the rest. "text" may add words.`,
			Command:   family.Command{Usage: "/propose book=2 hat=0 ball=1", Summary: "propose what you take; the partner gets the rest"},
			Elsewhere: "/propose is for Deal-or-No-Deal", Human: propose},
		{Type: event.Accept, Allowed: allowAnswer(event.Accept),
			Agent:   `accept your partner's standing proposal; this ends the game with their split.`,
			Command: family.Command{Usage: "/accept", Summary: "accept the partner's proposal"}, Human: answer(event.Accept)},
		{Type: event.Reject, Allowed: allowAnswer(event.Reject),
			Agent:   `turn your partner's standing proposal down and keep talking.`,
			Command: family.Command{Usage: "/reject", Summary: "turn the partner's proposal down and keep talking"}, Human: answer(event.Reject)},
		{Type: event.Select, Arg: splitArg(event.Select),
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
// (Deal.Fits) is refused.
func readSplit(arg string, items []Item) (Split, error) {
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
	split := Split{}
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
	d := &Deal{Items: items}
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
func singular(name string, items []Item) string {
	for _, it := range items {
		if name == Plural(it.Name, 2) {
			return it.Name
		}
	}
	return name
}

// splitArg is how models give what they take in a proposal or a
// selection: "[propose book=2 hat=0]" in a script, "split" (or the items'
// own members) in a reply.
func splitArg(t event.ActionType) *family.Arg {
	return &family.Arg{Kind: Split(nil), Tag: tagSplit, Reply: func(r family.Reply, v view.View, _ int) (event.Arg, error) {
		return replySplit(t, r, v)
	}}
}

// tagSplit reads the writer's "[propose book=2 hat=0 ball=1]".
func tagSplit(tag, text string, v view.View, seat int) (event.Arg, error) {
	split, err := readSplit(text, ItemsOf(v))
	if err != nil {
		return nil, fmt.Errorf("[%s] does not say what %s takes of the items on the table (%v)", tag, v.Seats[seat].Name, err)
	}
	return split, nil
}

// replySplit reads an agent's "split" ("take" and "proposal" do too): an
// object of counts, or text such as "book=2 hat=0"; or else the members
// that name items on the table ({"book": 2, "hat": 0}).
func replySplit(t event.ActionType, r family.Reply, v view.View) (event.Arg, error) {
	items := ItemsOf(v)
	arg := splitText(r, items)
	if arg == "" {
		return nil, fmt.Errorf(`%q needs "split": what you take of each item, e.g. %s`, t, splitExample(items))
	}
	split, err := readSplit(arg, items)
	if err != nil {
		return nil, fmt.Errorf(`"split" cannot be used: %v; give what you take of each item, e.g. %s`, err, splitExample(items))
	}
	return split, nil
}

// splitText is the text of what a reply takes, for readSplit.
func splitText(r family.Reply, items []Item) string {
	raw := r.First("split", "take", "proposal")
	if len(raw) == 0 {
		var parts []string
		for _, it := range items {
			for _, key := range []string{it.Name, Plural(it.Name, 2)} {
				if n := r.First(key); n != nil {
					parts = append(parts, key+"="+string(n))
				}
			}
		}
		return strings.Join(parts, " ")
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return text
	}
	var counts map[string]json.RawMessage
	if json.Unmarshal(raw, &counts) != nil {
		return string(raw)
	}
	names := make([]string, 0, len(counts))
	for k := range counts {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + string(counts[k])
	}
	return strings.Join(parts, " ")
}

// splitExample shows a split of the items on the table as JSON.
func splitExample(items []Item) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = fmt.Sprintf("%q: %d", it.Name, it.Count/2)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// parseSplit reads a player's command argument, with an example of the
// command in the error.
func parseSplit(cmd, arg string, v view.View) (Split, error) {
	example := "/" + cmd
	for _, it := range ItemsOf(v) {
		example += fmt.Sprintf(" %s=%d", it.Name, it.Count/2)
	}
	split, err := readSplit(arg, ItemsOf(v))
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
	d := &Deal{Items: ItemsOf(v)}
	return event.Action{Type: event.Offer, Arg: split, Text: "I propose I take " + d.Words(split) + ", and you get " + d.Words(d.Rest(split)) + "."}, nil
}

func selectSplit(arg string, v view.View, _ []family.Turn) (event.Action, error) {
	split, err := parseSplit("select", arg, v)
	if err != nil {
		return event.Action{}, err
	}
	d := &Deal{Items: ItemsOf(v)}
	return event.Action{Type: event.Select, Arg: split, Text: "I take " + d.Words(split) + "."}, nil
}

// standing finds the partner's proposal that seat may answer after the
// dialogue history; the error says there is none.
func standing(t event.ActionType, v view.View, seat int, history []family.Turn) (Split, error) {
	d := &Deal{Items: ItemsOf(v)}
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
		d := &Deal{Items: ItemsOf(v)}
		mine := d.Words(d.Rest(split))
		if t == event.Reject {
			return event.Action{Type: t, Text: "No, I won't take just " + mine + "."}, nil
		}
		return event.Action{Type: t, Text: "Agreed: I take " + mine + "."}, nil
	}
}
