package run

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// dealState is what the referee keeps of a Deal-or-No-Deal game: the open
// proposal and each side's selection.
type dealState struct {
	proposal     scenario.Split // what the proposer would take
	proposalSeat int
	picks        [2]scenario.Split
}

// judgeDeal applies Deal-or-No-Deal's rules to a turn. A proposal (an
// offer with a split) stays open until the partner accepts it, which
// settles the split, or rejects it, which withdraws it. The game also ends
// when both sides have selected: in agreement when their selections divide
// every item exactly, as in cocoa's transcripts.
func (r *referee) judgeDeal(d *scenario.Deal, t Turn) *event.Ending {
	st, a := &r.deal, t.Action
	switch a.Type {
	case event.Offer:
		if a.Split != nil && d.Fits(a.Split) == nil {
			st.proposal, st.proposalSeat = a.Split, t.Seat
		}
	case event.Reject:
		if st.proposal != nil && st.proposalSeat != t.Seat {
			st.proposal = nil
		}
	case event.Accept:
		if st.proposal == nil || st.proposalSeat == t.Seat {
			return nil
		}
		var splits [2]map[string]int
		splits[st.proposalSeat], splits[t.Seat] = st.proposal, d.Rest(st.proposal)
		return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Deal: true, Splits: splits,
			Summary: "agreed: " + r.sc.Seats[0].Character.Name + " takes " + d.Words(splits[0])}}
	case event.Select:
		if a.Split == nil || d.Fits(a.Split) != nil {
			return nil
		}
		st.picks[t.Seat] = a.Split
		if st.picks[0] == nil || st.picks[1] == nil {
			return nil
		}
		splits := [2]map[string]int{st.picks[0], st.picks[1]}
		if d.Complements(st.picks[0], st.picks[1]) {
			return &event.Ending{Reason: event.Selected, Outcome: event.Outcome{Deal: true, Splits: splits,
				Summary: "agreed: " + r.sc.Seats[0].Character.Name + " takes " + d.Words(splits[0])}}
		}
		return &event.Ending{Reason: event.Selected, Outcome: event.Outcome{Splits: splits, Summary: "no agreement: the selections do not divide the items"}}
	}
	return nil
}
