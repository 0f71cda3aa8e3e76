package run

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// A run with Ends (a recorded episode played again) goes past the turn
// limit and through empty turns and a leave, and ends where and as Ends
// says.
func TestEndsDecidesInPlaceOfTheRefereeAndTheLimit(t *testing.T) {
	sc := testScenario(scenario.Sotopia, 2)
	none := event.Action{Type: event.None}
	actions := []event.Action{say("hi"), none, none, none, {Type: event.Leave}, say("back")}
	b := &scripted{actions: actions}
	recorded := event.Ending{Reason: event.SeatLeft, Outcome: event.Outcome{Summary: "ended as recorded"}}
	out := make(chan event.Event, 1024)
	end := Run(context.Background(), Config{ID: "r", Scenario: sc, Backends: [2]Backend{b, b},
		Ends: func(h []event.Turn) *event.Ending {
			if len(h) < len(actions) {
				return nil
			}
			e := recorded
			return &e
		}}, out)
	close(out)
	if end.Turns != len(actions) || end.Reason != event.SeatLeft || end.Outcome.Summary != "ended as recorded" {
		t.Errorf("ending %+v, want %d turns ended as recorded", end, len(actions))
	}
}
