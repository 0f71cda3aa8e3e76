// Package dealornodeal is the Deal-or-No-Deal family (Lewis et al. 2017):
// two sides divide a few items they value differently, agreeing by a
// proposal and its acceptance or by selections that divide every item.
package dealornodeal

import (
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

func init() { family.Register(Family{}) }

// Family is the Deal-or-No-Deal family's rules.
type Family struct{}

// Name is the family's name in scenario files.
func (Family) Name() scenario.Family { return scenario.DealOrNoDeal }

// Prompt tells models nothing beyond the shared moves yet, as they make
// none of the family's structured moves; the card says how a game ends.
func (Family) Prompt() family.Prompt {
	return family.Prompt{Endings: "when a proposal is accepted, when both seats have selected, "}
}
