package leak

import (
	"github.com/omnigap/omnigap/engine/recent"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Shared returns an Annotate hook that prepares each scenario once and
// shares the prepared part, read-only, among the runs and modes that play
// it (batch runs play a scenario's modes one after another). Scenarios
// are told apart by id and source file, as in one batch; the latest keep
// of them are kept.
func Shared(keep int) func(*scenario.Scenario, view.Mode) run.Annotator {
	prepared := recent.New[scenarioKey, *Prepared](keep)
	return func(sc *scenario.Scenario, mode view.Mode) run.Annotator {
		p, _ := prepared.Get(scenarioKey{sc.ID, sc.Source}, func() (*Prepared, error) { return Prepare(sc), nil })
		return p.New(mode)
	}
}

type scenarioKey struct{ id, source string }
