package interop

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// askedFactory remembers the modes it was asked for.
type askedFactory struct{ asked *[]view.Mode }

func (f askedFactory) Backends(_ *scenario.Scenario, mode view.Mode, _ int64) ([2]run.Backend, error) {
	*f.asked = append(*f.asked, mode)
	return [2]run.Backend{}, nil
}

// HUMANS plays the transcript in its own order; every other mode gets
// the usual backends, alternating.
func TestHumansBesideHandsOnlyHumansToTheTranscript(t *testing.T) {
	tr := &Transcript{Scenario: &scenario.Scenario{}, Mode: view.Humans, Players: [2]string{"a", "b"}, Turns: []event.Turn{{Seat: 1}, {Seat: 1}}}
	var asked []view.Mode
	f := HumansBeside{Factory: askedFactory{&asked}, Transcript: tr}
	humans, err := f.Backends(tr.Scenario, view.Humans, 1)
	if err != nil || humans[0] == nil || humans[0].Name() != "a" || humans[1].Name() != "b" || len(asked) != 0 {
		t.Fatalf("HUMANS backends %v, %v; factory asked for %v", humans, err, asked)
	}
	if _, err := f.Backends(tr.Scenario, view.Agents, 1); err != nil || len(asked) != 1 || asked[0] != view.Agents {
		t.Fatalf("AGENTS: %v; factory asked for %v", err, asked)
	}
	if f.Order(view.Humans) == nil || f.Order(view.Agents) != nil {
		t.Fatal("HUMANS should follow the transcript's order, the other modes alternate")
	}
}
