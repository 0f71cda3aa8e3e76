package sotopia

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// TestImportedGamesPlayToTheEnd: every imported Craigslist (target-only),
// MutualFriends and Deal-or-No-Deal scenario plays to an ending of its
// game, not to a failure, in all three modes on the built-in engine.
func TestImportedScenariosPlayToTheEnd(t *testing.T) {
	ends := map[view.Mode]map[event.EndReason]int{}
	for _, im := range imported(t).Scenarios {
		sc := im.Scenario
		for _, mode := range view.Modes {
			end, _ := playBuiltin(t, sc, mode, 1)
			if end.Reason == event.Failed || end.Reason == event.EmptyTurns || end.Reason == "" {
				t.Errorf("%s %s: ended %q (%s)", sc.ID, mode, end.Reason, end.Outcome.Summary)
			}
			if ends[mode] == nil {
				ends[mode] = map[event.EndReason]int{}
			}
			ends[mode][end.Reason]++
		}
	}
	for _, mode := range view.Modes {
		t.Logf("%s: %v", mode, ends[mode])
	}
}

// playBuiltin plays one episode on the built-in engine and returns how it
// ended and its turns.
func playBuiltin(t *testing.T, sc *scenario.Scenario, mode view.Mode, seed int64) (event.Ending, []event.Turn) {
	t.Helper()
	backends, err := builtin.Factory{}.Backends(sc, mode, seed)
	if err != nil {
		t.Fatalf("%s %s: %v", sc.ID, mode, err)
	}
	out := make(chan event.Event, 64)
	type result struct {
		end   event.Ending
		turns []event.Turn
	}
	done := make(chan result)
	go func() {
		var r result
		for ev := range out {
			switch ev.Kind {
			case event.RunEnded:
				r.end = *ev.Ending
			case event.TurnCompleted:
				r.turns = append(r.turns, event.Turn{Seat: ev.Seat, Speaker: ev.Speaker, Action: *ev.Action})
			}
		}
		done <- r
	}()
	run.Run(context.Background(), run.Config{ID: "test", Scenario: sc, Mode: mode, Backends: backends}, out)
	close(out)
	r := <-done
	return r.end, r.turns
}
