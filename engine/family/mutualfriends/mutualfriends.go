// Package mutualfriends is the MutualFriends family: each side holds a
// list of friends described by a few attributes, exactly one friend is on
// both lists, and the pair wins when both select that friend.
package mutualfriends

import (
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

func init() { family.Register(Family{}) }

// Family is the MutualFriends family's rules.
type Family struct{}

// Name is the family's name in scenario files.
func (Family) Name() scenario.Family { return scenario.MutualFriends }

// Prompt is what models are told of the family's rules.
func (Family) Prompt() family.Prompt {
	return family.Prompt{
		AgentRule:   "You win only if you both select the one friend on both lists. Ask and answer about friends' details to find them; do not just recite names.\n",
		WriterRule:  "They succeed only if both select the one friend on both lists; let them compare friends' details rather than recite names.\n",
		WriterTerms: "They succeed only if both select the one friend on both lists.\n",
		Endings:     "when both seats select the same friend, ",
		ScriptTags:  "  [select Name] words: the speaker names the friend they believe both have, exactly as on the speaker's list\n",
	}
}
