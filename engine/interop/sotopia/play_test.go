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
	for _, im := range readExport(t).Import(Filter{}).Scenarios {
		sc := im.Scenario
		for _, mode := range view.Modes {
			end := playBuiltin(t, sc, mode)
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

func playBuiltin(t *testing.T, sc *scenario.Scenario, mode view.Mode) event.Ending {
	t.Helper()
	backends, err := builtin.Factory{}.Backends(sc, mode, 1)
	if err != nil {
		t.Fatalf("%s %s: %v", sc.ID, mode, err)
	}
	out := make(chan event.Event, 64)
	done := make(chan event.Ending)
	go func() {
		var end event.Ending
		for ev := range out {
			if ev.Kind == event.RunEnded {
				end = *ev.Ending
			}
		}
		done <- end
	}()
	run.Run(context.Background(), run.Config{ID: "test", Scenario: sc, Mode: mode, Backends: backends}, out)
	close(out)
	return <-done
}
