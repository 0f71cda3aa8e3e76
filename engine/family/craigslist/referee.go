package craigslist

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// referee keeps the open formal offer: the partner's acceptance makes the
// deal at its price, a rejection ends the negotiation without one.
type referee struct {
	offer     *float64 // the open offer, if any
	offerSeat int
}

// Referee starts the rules of one negotiation.
func (Family) Referee(*scenario.Scenario) family.Referee { return &referee{} }

func (r *referee) Judge(t family.Turn) *event.Ending {
	a := t.Action
	switch a.Type {
	case event.Offer:
		if a.Price != nil {
			r.offer, r.offerSeat = a.Price, t.Seat
		}
	case event.Accept, event.Reject:
		if r.offer == nil || r.offerSeat == t.Seat {
			return nil // nothing of the partner's to answer
		}
		if a.Type == event.Reject {
			return &event.Ending{Reason: event.Rejected, Outcome: r.NoDeal(t.Speaker + " rejected the offer of " + scenario.Money(*r.offer))}
		}
		p := *r.offer
		return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Deal: true, Price: &p, Summary: "deal at " + scenario.Money(p)}}
	}
	return nil
}

func (r *referee) NoDeal(why string) event.Outcome {
	return event.Outcome{Summary: "no deal: " + why}
}
