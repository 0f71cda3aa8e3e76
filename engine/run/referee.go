package run

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// maxEmptyTurns ends a run after this many empty turns in a row.
const maxEmptyTurns = 3

// referee applies the ending rules to each completed turn.
type referee struct {
	sc         *scenario.Scenario
	offer      *float64 // the open offer, if any
	offerSeat  int
	selections [2]string
	empty      int
	deal       dealState
}

// judge records a turn and returns the ending it causes, if any.
func (r *referee) judge(t Turn) *event.Ending {
	a := t.Action
	if a.Empty() {
		r.empty++
		if r.empty >= maxEmptyTurns {
			return &event.Ending{Reason: event.EmptyTurns, Outcome: r.noDeal(fmt.Sprintf("%d empty turns in a row", maxEmptyTurns))}
		}
		return nil
	}
	r.empty = 0
	if d := r.sc.Deal; d != nil && r.sc.Family == scenario.DealOrNoDeal && a.Type != event.Leave {
		return r.judgeDeal(d, t)
	}
	switch a.Type {
	case event.Leave:
		return &event.Ending{Reason: event.SeatLeft, Outcome: r.noDeal(t.Speaker + " left")}
	case event.Offer:
		if a.Price != nil {
			r.offer, r.offerSeat = a.Price, t.Seat
		}
	case event.Accept, event.Reject:
		if r.offer == nil || r.offerSeat == t.Seat {
			return nil // nothing of the partner's to answer
		}
		if a.Type == event.Reject {
			return &event.Ending{Reason: event.Rejected, Outcome: r.noDeal(t.Speaker + " rejected the offer of " + scenario.Money(*r.offer))}
		}
		p := *r.offer
		return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Deal: true, Price: &p, Summary: "deal at " + scenario.Money(p)}}
	case event.Select:
		r.selections[t.Seat] = a.Friend
		if r.selections[0] != "" && r.selections[0] == r.selections[1] {
			return &event.Ending{Reason: event.Selected, Outcome: r.selected()}
		}
	}
	return nil
}

// timeUp is the ending when the turn limit is reached.
func (r *referee) timeUp() *event.Ending {
	return &event.Ending{Reason: event.TurnLimit, Outcome: r.noDeal("turn limit reached")}
}

func (r *referee) noDeal(why string) event.Outcome {
	o := event.Outcome{Selections: r.selections, Summary: why}
	switch r.sc.Family {
	case scenario.Craigslist:
		o.Summary = "no deal: " + why
	case scenario.DealOrNoDeal:
		o.Summary = "no agreement: " + why
	}
	return o
}

func (r *referee) selected() event.Outcome {
	o := event.Outcome{Selections: r.selections}
	name := r.selections[0]
	if f := r.sc.Friends; f != nil {
		if i, _ := f.Mutual(); i >= 0 && f.Lists[0][i].Name == name {
			o.Success = true
			o.Summary = "found the mutual friend: " + name
			return o
		}
	}
	o.Summary = "both chose " + name + ", who is not the mutual friend"
	return o
}
