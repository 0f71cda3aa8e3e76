package run

import (
	"context"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// seatBackend answers as the seat it plays, so a turn given to the wrong
// backend shows.
type seatBackend struct{ seat int }

func (b seatBackend) Name() string { return []string{"left", "right"}[b.seat] }

func (b seatBackend) Turn(_ context.Context, req Request) (Result, error) {
	return Result{Action: event.Action{Type: event.Speak, Text: b.Name()}}, nil
}

// TestOrderDecidesWhoSpeaks: the run gives each turn to the seat its
// order names, and every event of the turn carries that seat and its
// backend; after a given order runs out, the seats alternate.
func TestOrderDecidesWhoSpeaks(t *testing.T) {
	sc := testScenario(scenario.Craigslist, 6)
	out := make(chan event.Event, 1024)
	Run(context.Background(), Config{ID: "r", Scenario: sc, Backends: [2]Backend{seatBackend{0}, seatBackend{1}},
		Order: Then([]int{1, 1, 0}, Alternate)}, out)
	close(out)
	var seats []int
	for ev := range out {
		if ev.Kind == event.TurnCompleted {
			seats = append(seats, ev.Seat)
			if ev.Action.Text != []string{"left", "right"}[ev.Seat] || ev.Speaker != sc.Seats[ev.Seat].Character.Name {
				t.Errorf("turn %d in seat %d: %+v", ev.Turn, ev.Seat, ev)
			}
		}
	}
	if want := []int{1, 1, 0, 1, 0, 1}; !reflect.DeepEqual(seats, want) {
		t.Fatalf("seats %v, want %v", seats, want)
	}
}
