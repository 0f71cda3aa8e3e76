// Package tuitest holds the fixtures the TUI's packages test with: a small
// scenario and the events of a run's turns.
package tuitest

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Scenario is a small bargaining scenario with one private fact per seat
// and one environment fact.
func Scenario() *scenario.Scenario {
	price := func(v float64) *float64 { return &v }
	return &scenario.Scenario{
		ID: "test/bike", Title: "A bike for sale", Family: scenario.Sotopia,
		Setting:      "Outside a bike shop on a Saturday morning.",
		Relationship: scenario.Strangers, MaxTurns: 20,
		Seats: []scenario.Seat{
			{Role: "seller", Character: scenario.Character{Name: "Alice", Goal: "Sell high."},
				Facts: []scenario.Fact{{ID: "seller-floor", Owner: 0, Kind: scenario.FactPrice, Text: "Alice will not go below $400", Number: price(400)}}},
			{Role: "buyer", Character: scenario.Character{Name: "Bob", Goal: "Buy low."},
				Facts: []scenario.Fact{{ID: "buyer-cap", Owner: 1, Kind: scenario.FactPrice, Text: "Bob can pay at most $450", Number: price(450)}}},
		},
		EnvFacts: []scenario.Fact{{ID: "frame-crack", Owner: scenario.OwnerEnv, Kind: scenario.FactPhrase, Text: "The frame has a hairline crack", Phrases: []string{"hairline crack"}}},
	}
}

// Turn is finished turn n of run as the runner emits it: Alice speaks the
// odd turns, Bob the even ones, played by "fixture".
func Turn(run string, n int, text string, anns ...event.Annotation) []event.Event {
	seat := (n - 1) % 2
	name := []string{"Alice", "Bob"}[seat]
	base := event.Event{RunID: run, Turn: n, Seat: seat, Speaker: name, Backend: "fixture"}
	evs := []event.Event{With(base, event.TurnStarted), With(base, event.Delta), With(base, event.TurnCompleted)}
	evs[1].Delta = text
	evs[2].Action = &event.Action{Type: event.Speak, Text: text}
	for _, a := range anns {
		ev := With(base, event.Annotated)
		ev.Annotation = &a
		evs = append(evs, ev)
	}
	return evs
}

// With is ev of kind k.
func With(ev event.Event, k event.Kind) event.Event {
	ev.Kind = k
	return ev
}
