package craigslist

import (
	"errors"
	"fmt"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/leak/amount"
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
		{Type: event.Accept, Allowed: allowAnswer(event.Accept),
			Agent:     `accept your partner's formal offer; this ends the negotiation.`,
			Command:   family.Command{Usage: "/accept", Summary: "accept the partner's formal offer"},
			Elsewhere: "/accept answers a formal offer, which only Craigslist negotiations have",
			Human:     answer(event.Accept)},
		{Type: event.Reject, Allowed: allowAnswer(event.Reject),
			Agent:     `reject your partner's formal offer; this ends the negotiation.`,
			Command:   family.Command{Usage: "/reject", Summary: "reject the partner's formal offer"},
			Elsewhere: "/reject answers a formal offer, which only Craigslist negotiations have",
			Human:     answer(event.Reject)},
	}
}

// readPrice takes the first amount said ("$1,200", "1.2k", "twelve
// hundred"), which must be positive.
func readPrice(arg string, _ view.View, _ int) (event.Action, error) {
	amounts := amount.Amounts(arg)
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
