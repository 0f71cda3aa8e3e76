package run

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// A run stopped with a Stop cause ends with that reason (a player's
// disconnect in omnigap serve); stopped without one, as canceled. Both
// count as stopped, not as ended by the rules.
func TestStopCauseNamesTheEnding(t *testing.T) {
	for _, c := range []struct {
		cause error
		want  event.EndReason
	}{{Stop(event.Disconnected), event.Disconnected}, {nil, event.Canceled}} {
		ctrl := NewController(0)
		ctrl.Pause()
		b := &scripted{}
		out := make(chan event.Event, 1024)
		ctx, cancel := context.WithCancelCause(context.Background())
		done := make(chan event.Ending)
		go func() {
			done <- Run(ctx, Config{ID: "r", Scenario: testScenario(scenario.Craigslist, 20), Backends: [2]Backend{b, b}, Control: ctrl}, out)
		}()
		waitUntil(t, ctrl.Parked)
		cancel(c.cause)
		end := <-done
		if end.Reason != c.want || !end.Stopped() {
			t.Errorf("cause %v: ending %+v, want reason %s and stopped", c.cause, end, c.want)
		}
	}
}
