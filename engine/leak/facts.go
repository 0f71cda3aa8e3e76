package leak

import (
	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Facts returns the facts a run is annotated with: the scenario's own,
// derived ones included, with first names as aliases of full names.
func Facts(sc *scenario.Scenario) []scenario.Fact {
	return derive.WithFirstNames(sc.Facts())
}
