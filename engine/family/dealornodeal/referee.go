package dealornodeal

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// referee keeps the open proposal and each side's selection.
type referee struct {
	sc    *scenario.Scenario
	open  openProposal
	picks [2]Split
}

// Referee starts the rules of one game.
func (Family) Referee(sc *scenario.Scenario) family.Referee { return &referee{sc: sc} }

// Judge applies Deal-or-No-Deal's rules to a turn. A proposal (an offer
// with a split) stays open until the partner accepts it, which settles
// the split, or rejects it, which withdraws it. The game also ends when
// both sides have selected: in agreement when their selections divide
// every item exactly, as in cocoa's transcripts.
func (r *referee) Judge(t family.Turn) *event.Ending {
	d, a := DealOf(r.sc), t.Action
	if d == nil {
		return nil
	}
	r.open.note(d, t)
	switch a.Type {
	case event.Accept:
		proposal, ok := r.open.forSeat(t.Seat)
		if !ok {
			return nil
		}
		var splits [2]Split
		splits[scenario.Partner(t.Seat)], splits[t.Seat] = proposal, d.Rest(proposal)
		return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Terms: Division{Deal: true, Splits: splits},
			Summary: "agreed: " + r.sc.Seats[0].Character.Name + " takes " + d.Words(splits[0])}}
	case event.Select:
		split := SplitOf(a)
		if split == nil || d.Fits(split) != nil {
			return nil
		}
		r.picks[t.Seat] = split
		if r.picks[0] == nil || r.picks[1] == nil {
			return nil
		}
		splits := r.picks
		if d.Complements(r.picks[0], r.picks[1]) {
			return &event.Ending{Reason: event.Selected, Outcome: event.Outcome{Terms: Division{Deal: true, Splits: splits},
				Summary: "agreed: " + r.sc.Seats[0].Character.Name + " takes " + d.Words(splits[0])}}
		}
		return &event.Ending{Reason: event.Selected, Outcome: event.Outcome{Terms: Division{Splits: splits}, Summary: "no agreement: the selections do not divide the items"}}
	}
	return nil
}

func (r *referee) NoDeal(why string) event.Outcome {
	return event.Outcome{Summary: "no agreement: " + why}
}
