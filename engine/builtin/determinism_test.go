package builtin_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// liveEvents runs an episode through episode.Start and returns its events
// with the timestamps cleared.
func liveEvents(t *testing.T, sc *scenario.Scenario, mode view.Mode, seed int64) []event.Event {
	t.Helper()
	live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: mode, Seed: seed, Factory: builtin.Factory{}, Buffer: 16})
	if err != nil {
		t.Fatal(err)
	}
	var events []event.Event
	for ev := range live.Events {
		ev.At = 0
		events = append(events, ev)
	}
	if _, err := live.Wait(); err != nil {
		t.Fatal(err)
	}
	return events
}

func TestSameSeedSameEvents(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		for _, sc := range []*scenario.Scenario{generate.Craigslist(seed), generate.MutualFriends(seed)} {
			for _, mode := range view.Modes {
				a, b := liveEvents(t, sc, mode, seed), liveEvents(t, sc, mode, seed)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s %s seed %d: two runs differ", sc.ID, mode, seed)
				}
			}
		}
	}
}
