package run

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// maxEmptyTurns ends a run after this many empty turns in a row.
const maxEmptyTurns = 3

// referee applies the ending rules to each completed turn: the ones every
// run has (empty turns, a seat leaving, the turn limit) here, the rest
// the scenario's family's.
type referee struct {
	rules family.Referee
	empty int
}

func newReferee(sc *scenario.Scenario) *referee {
	return &referee{rules: family.RefereeFor(sc)}
}

// judge records a turn and returns the ending it causes, if any.
func (r *referee) judge(t event.Turn) *event.Ending {
	a := t.Action
	if a.Empty() {
		r.empty++
		if r.empty >= maxEmptyTurns {
			return &event.Ending{Reason: event.EmptyTurns, Outcome: r.noDeal(fmt.Sprintf("%d empty turns in a row", maxEmptyTurns))}
		}
		return nil
	}
	r.empty = 0
	if a.Type == event.Leave {
		return &event.Ending{Reason: event.SeatLeft, Outcome: r.noDeal(t.Speaker + " left")}
	}
	return r.rules.Judge(family.Turn{Seat: t.Seat, Speaker: t.Speaker, Action: a})
}

// timeUp is the ending when the turn limit is reached.
func (r *referee) timeUp() *event.Ending {
	return &event.Ending{Reason: event.TurnLimit, Outcome: r.noDeal("turn limit reached")}
}

func (r *referee) noDeal(why string) event.Outcome { return r.rules.NoDeal(why) }
