package craigslist

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Moves are a formal offer of a price and the answers to one.
func (Family) Moves() []family.Move {
	return []family.Move{
		{Type: event.Offer, Arg: &family.Arg{Kind: Price(0), Tag: tagPrice, Reply: replyPrice},
			Agent: `a formal offer: "price" in dollars (a number); "text" may add words.`,
			Command: family.Command{Usage: "/offer PRICE", Summary: "a formal offer, e.g. /offer 120; its answer ends the game",
				Ends: "a formal offer ends the game once answered: accepted, a deal at this price; rejected, no deal"},
			Elsewhere: "offers are for Craigslist negotiations", Human: offer},
		{Type: event.Accept, Allowed: allowAnswer(event.Accept),
			Agent:     `accept your partner's formal offer; this ends the negotiation.`,
			Command:   family.Command{Usage: "/accept", Summary: "accept the partner's formal offer", Ends: "accepting ends the game with a deal at the offered price"},
			Elsewhere: "/accept answers a formal offer, which only Craigslist negotiations have",
			Human:     answer(event.Accept)},
		{Type: event.Reject, Allowed: allowAnswer(event.Reject),
			Agent:     `reject your partner's formal offer; this ends the negotiation.`,
			Command:   family.Command{Usage: "/reject", Summary: "reject the partner's formal offer", Ends: "rejecting ends the game with no deal"},
			Elsewhere: "/reject answers a formal offer, which only Craigslist negotiations have",
			Human:     answer(event.Reject)},
	}
}

// readPrice takes the first amount said ("$1,200", "1.2k", "twelve
// hundred"), which must be positive: the one reader of a price, whoever
// wrote it.
func readPrice(text string) (Price, error) {
	amounts := amount.Amounts(text)
	if len(amounts) == 0 || amounts[0] <= 0 {
		return 0, errors.New("an offer needs a positive price")
	}
	return Price(amounts[0]), nil
}

// tagPrice reads the writer's "[offer $120]".
func tagPrice(tag, text string, _ view.View, _ int) (event.Arg, error) {
	p, err := readPrice(text)
	if err != nil {
		return nil, fmt.Errorf("[%s] needs a price", tag)
	}
	return p, nil
}

// replyPrice reads an agent's "price": a number, or text such as
// "$1,200" read as the writer's and a player's are.
func replyPrice(r family.Reply, _ view.View, _ int) (event.Arg, error) {
	raw := r.First("price")
	var n float64
	if err := json.Unmarshal(raw, &n); err == nil && n > 0 {
		return Price(n), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if p, err := readPrice(s); err == nil {
			return p, nil
		}
	}
	return nil, errors.New(`an offer needs a positive "price" in dollars`)
}

func offer(arg string, _ view.View, _ []family.Turn) (event.Action, error) {
	p, err := readPrice(arg)
	if err != nil {
		return event.Action{}, errors.New("/offer needs a price, e.g. /offer 120")
	}
	return event.Action{Type: event.Offer, Arg: p, Text: "My offer is " + p.Label() + "."}, nil
}

// noOffer says there is no offer of the partner's for seat to answer.
func noOffer(t event.ActionType, v view.View, seat int) error {
	return fmt.Errorf("there is no formal offer from %s to %s", v.Seats[scenario.Partner(seat)].Name, t)
}

// allowAnswer refuses a model's acceptance or rejection with no offer of
// the partner's standing, which the referee would not count.
func allowAnswer(t event.ActionType) func(view.View, int, []family.Turn) error {
	return func(v view.View, seat int, history []family.Turn) error {
		if _, ok := standingOffer(seat, history); !ok {
			return noOffer(t, v, seat)
		}
		return nil
	}
}

// answer is a player's acceptance or rejection of the partner's standing
// offer, in words that say its price.
func answer(t event.ActionType) func(string, view.View, []family.Turn) (event.Action, error) {
	return func(_ string, v view.View, history []family.Turn) (event.Action, error) {
		self := v.Self().Seat
		p, ok := standingOffer(self, history)
		if !ok {
			return event.Action{}, noOffer(t, v, self)
		}
		if t == event.Reject {
			return event.Action{Type: t, Text: "I can't accept " + scenario.Money(p) + "."}, nil
		}
		return event.Action{Type: t, Text: "I accept " + scenario.Money(p) + "."}, nil
	}
}
