package mutualfriends

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// referee keeps each side's latest selection; the game ends when both
// select the same friend, successfully when it is the mutual one.
type referee struct {
	sc         *scenario.Scenario
	selections [2]string
}

// Referee starts the rules of one game.
func (Family) Referee(sc *scenario.Scenario) family.Referee { return &referee{sc: sc} }

func (r *referee) Judge(t family.Turn) *event.Ending {
	if t.Action.Type != event.Select {
		return nil
	}
	r.selections[t.Seat] = PickOf(t.Action)
	if r.selections[0] != "" && r.selections[0] == r.selections[1] {
		return &event.Ending{Reason: event.Selected, Outcome: r.selected()}
	}
	return nil
}

func (r *referee) NoDeal(why string) event.Outcome {
	return event.Outcome{Terms: r.picks(), Summary: why}
}

// picks are the selections as terms; none when nobody selected.
func (r *referee) picks() event.Terms {
	if r.selections == [2]string{} {
		return nil
	}
	return Picks{Selections: r.selections}
}

func (r *referee) selected() event.Outcome {
	o := event.Outcome{Terms: r.picks()}
	name := r.selections[0]
	if f := ListsOf(r.sc); f != nil {
		if i, _ := f.Mutual(); i >= 0 && f.Lists[0][i].Name == name {
			o.Success = true
			o.Summary = "found the mutual friend: " + name
			return o
		}
	}
	o.Summary = "both chose " + name + ", who is not the mutual friend"
	return o
}
