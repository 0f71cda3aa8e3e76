package origin

import (
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// An agent's seat is read from the source's names whichever seat omnigap
// gave it; a recording imported before the names were kept is read by
// its models, a placeholder fitting any seat, and says it cannot tell
// when both agents had one model.
func TestAgentSeatsInBothOrders(t *testing.T) {
	sc := &scenario.Scenario{ID: "s", Seats: []scenario.Seat{{Character: scenario.Character{Name: "Ana Ruiz"}}, {Character: scenario.Character{Name: "Ben Ode"}}}}
	rec := func(backends [2]string, src *record.Source) *record.Recording {
		return &record.Recording{Header: record.Header{Scenario: sc, Mode: view.Agents, Backends: backends, Source: src}}
	}
	models := func(a1, a2 string) []string { return []string{"gpt-4", a1, a2} }
	for _, c := range []struct {
		name     string
		backends [2]string
		src      *record.Source
		want     [2]int
		ok       bool
	}{
		{"names, agent 1 in seat 0", [2]string{"m", "m"}, &record.Source{Format: "f", Agents: []string{"Ana Ruiz", "Ben Ode"}}, [2]int{0, 1}, true},
		{"names, agent 1 in seat 1", [2]string{"m", "m"}, &record.Source{Format: "f", Agents: []string{"Ben Ode", "Ana Ruiz"}}, [2]int{1, 0}, true},
		{"a name no seat has", [2]string{"m", "m"}, &record.Source{Format: "f", Agents: []string{"Ben Ode", "Cy Ames"}}, [2]int{}, false},
		{"models in seat order", [2]string{"gpt-3.5-turbo", "mistral"}, &record.Source{Format: "f", Models: models("gpt-3.5-turbo", "mistral")}, [2]int{0, 1}, true},
		{"models swapped", [2]string{"gpt-3.5-turbo", "mistral"}, &record.Source{Format: "f", Models: models("mistral", "gpt-3.5-turbo")}, [2]int{1, 0}, true},
		{"a placeholder named", [2]string{"gpt-3.5-turbo", "sotopia-pi-sr"}, &record.Source{Format: "f", Models: models("custom_model", "gpt-3.5-turbo")}, [2]int{1, 0}, true},
		{"one model for both", [2]string{"gpt-3.5-turbo", "gpt-3.5-turbo"}, &record.Source{Format: "f", Models: models("gpt-3.5-turbo", "gpt-3.5-turbo")}, [2]int{}, false},
		{"no source", [2]string{"a", "b"}, nil, [2]int{}, false},
	} {
		got, ok := AgentSeats(rec(c.backends, c.src))
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%s: seats %v, %v; want %v, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
