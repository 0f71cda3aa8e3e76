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

// Prompt is what models are told of the family's rules.
func (Family) Prompt() family.Prompt {
	const rule = "Only a proposal the partner accepts, or two final choices that together divide every item exactly, make an agreement; agreeing in words makes none.\n"
	return family.Prompt{AgentRule: rule, WriterRule: rule, WriterTerms: rule,
		Endings: "when a proposal is accepted, when both seats have selected, ",
		ScriptTags: "  [propose book=2 hat=0 ball=1] words: the speaker proposes to take those items (each item on the table by name, with a count) and leave the rest to the partner\n" +
			"  [accept] or [reject]: the answer to the partner's standing proposal; an accepted proposal ends the conversation\n" +
			"  [select book=2 hat=0 ball=1] words: the speaker's final choice of what they take; the conversation ends once both have chosen\n"}
}
