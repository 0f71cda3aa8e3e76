package craigslist

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// referee keeps the open formal offer: the partner's acceptance makes the
// deal at its price, a rejection ends the negotiation without one.
type referee struct {
	open openOffer
}

// Referee starts the rules of one negotiation.
func (Family) Referee(*scenario.Scenario) family.Referee { return &referee{} }

func (r *referee) Judge(t family.Turn) *event.Ending {
	r.open.note(t)
	a := t.Action
	if a.Type != event.Accept && a.Type != event.Reject {
		return nil
	}
	p, ok := r.open.forSeat(t.Seat)
	if !ok {
		return nil // nothing of the partner's to answer
	}
	if a.Type == event.Reject {
		return &event.Ending{Reason: event.Rejected, Outcome: r.NoDeal(t.Speaker + " rejected the offer of " + scenario.Money(p))}
	}
	return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Terms: Sale{Deal: true, Price: &p}, Summary: "deal at " + scenario.Money(p)}}
}

func (r *referee) NoDeal(why string) event.Outcome {
	return event.Outcome{Summary: "no deal: " + why}
}
