package craigslist

import (
	"errors"
	"fmt"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Moves are a formal offer of a price and the answers to one.
func (Family) Moves() []family.Move {
	return []family.Move{
		{Type: event.Offer, Arg: family.PriceArg, Read: readPrice,
			Agent:     `a formal offer: "price" in dollars (a number); "text" may add words.`,
			Command:   family.Command{Usage: "/offer PRICE", Summary: "make a formal offer (e.g. /offer 120)"},
			Elsewhere: "offers are for Craigslist negotiations", Human: offer},
		{Type: event.Accept,
			Agent:     `accept your partner's formal offer; this ends the negotiation.`,
			Command:   family.Command{Usage: "/accept", Summary: "accept the partner's formal offer"},
			Elsewhere: "/accept answers a formal offer, which only Craigslist negotiations have",
			Human:     answer(event.Accept)},
		{Type: event.Reject,
			Agent:     `reject your partner's formal offer; this ends the negotiation.`,
			Command:   family.Command{Usage: "/reject", Summary: "reject the partner's formal offer"},
			Elsewhere: "/reject answers a formal offer, which only Craigslist negotiations have",
			Human:     answer(event.Reject)},
	}
}

// readPrice takes the first amount said ("$1,200", "1.2k", "twelve
// hundred"), which must be positive.
func readPrice(arg string, _ view.View, _ int) (event.Action, error) {
	amounts := leak.Amounts(arg)
	if len(amounts) == 0 || amounts[0] <= 0 {
		return event.Action{}, errors.New("an offer needs a positive price")
	}
	return event.Action{Type: event.Offer, Price: event.PriceOf(amounts[0])}, nil
}

func offer(arg string, v view.View, _ []family.Turn) (event.Action, error) {
	a, err := readPrice(arg, v, v.Self().Seat)
	if err != nil {
		return event.Action{}, errors.New("/offer needs a price, e.g. /offer 120")
	}
	a.Text = "My offer is " + scenario.Money(*a.Price) + "."
	return a, nil
}

// answer accepts or rejects the partner's open formal offer: the latest
// offer in the dialogue, when the partner made it.
func answer(t event.ActionType) func(string, view.View, []family.Turn) (event.Action, error) {
	return func(_ string, v view.View, history []family.Turn) (event.Action, error) {
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
}
