// Package craigslist is the Craigslist bargaining family: a seller and a
// buyer with private target and bottomline prices haggle over a listed
// item, and only a formal offer and its acceptance make a deal.
package craigslist

import (
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

func init() { family.Register(Family{}) }

// Family is the Craigslist family's rules.
type Family struct{}

// Name is the family's name in scenario files.
func (Family) Name() scenario.Family { return scenario.Craigslist }

// Prompt is what models are told of the family's rules.
func (Family) Prompt() family.Prompt {
	const rule = "Only a formal offer and its acceptance make a deal; agreeing in words makes none.\n"
	return family.Prompt{AgentRule: rule, WriterRule: rule, WriterTerms: rule, Endings: "when an offer is accepted or rejected, ",
		PlayerRule: "A formal offer (/offer) ends the game once answered: accepted, a deal; rejected, no deal.",
		ScriptTags: "  [offer $120] words: a formal offer of a price\n  [accept] or [reject]: the answer to the partner's formal offer; the conversation ends\n"}
}
