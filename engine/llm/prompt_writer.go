package llm

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// The words the SCRIPT writer is given.

// writerOpening opens the writer's system message in every variant (a
// dry run's stand-in tells the writer's calls by it).
const writerOpening = "You are a scriptwriter."

// WriterSystem is the writer's system message in the named variant
// (config.WriterPrompts); it depends only on the variant and the family.
// Both variants are shown in full in docs/LLM.md.
func WriterSystem(variant string, f scenario.Family) string {
	var rules family.Prompt
	if fam := family.Of(f); fam != nil {
		rules = fam.Prompt()
	}
	if variant == config.WriterPromptCareful {
		return carefulWriter(rules)
	}
	return studyWriter(rules)
}

// studyWriter is the study's request (Sotopia's script generation, as
// Zhou et al. ran SCRIPT): the conversation of two characters toward
// their goals, written alone to its end, in the script format, and
// nothing about what either character knows.
func studyWriter(rules family.Prompt) string {
	return writerOpening + ` Write the script of the conversation between the two characters described below, each of them working toward their own social goal. You are its only author: write every turn of both characters yourself, from the first to the end, and finish the script on your own.

` + scriptFormat + rules.ScriptTags + rules.WriterTerms + scriptEnd
}

// carefulWriter is omnigap's first writer instruction: the study's request
// and, beyond it, that each character knows and reveals only their own
// side, and keeps in character without repeating themselves.
func carefulWriter(rules family.Prompt) string {
	return writerOpening + ` You write a whole conversation between two characters, both sides of it, from its first turn to its end. You know everything about both, but each character knows only their own goal and private information and reveals them only as they would. Keep both in character, and let neither repeat themselves.

` + scriptFormat + rules.ScriptTags + rules.WriterRule + scriptEnd
}

// scriptFormat is the script format omnigap reads (scriptparse.go),
// before the family's own tags.
const scriptFormat = `Write only the script: one turn per line, the two characters taking turns, each line a number, the speaker's name, a colon and the words:
1. Name: what they say
2. Other name: what they say

A turn that is not plain speech starts with a tag right after the colon:
  [non-verbal] a gesture or expression
  [action] a physical action
  [leave] parting words; the character leaves and the conversation ends
`

const scriptEnd = `
When the conversation is over, write END on a line of its own.`

// PromptHash is a short hash of a prompt's text, recorded beside its
// variant's name so that a reader can tell which words a run was given.
func PromptHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:4])
}

// continueAsk asks the writer to go on after the script so far, as a
// re-ask (problem says what was wrong) or a continuation after a cut.
func continueAsk(v view.View, problem string, next int) string {
	return fmt.Sprintf("%sContinue the script from turn %d, spoken by %s, one turn per line in the format; the conversation has at most %d turns.",
		problem, next, v.Seats[(next-1)%2].Name, v.MaxTurns)
}

// writerAsk closes the writer's user message.
func writerAsk(v view.View, n int, onlyOne bool) string {
	name := v.Seats[(n-1)%2].Name
	if onlyOne {
		return fmt.Sprintf("\nWrite only turn %d, spoken by %s, as one line in the script format.", n, name)
	}
	if n == 1 {
		return fmt.Sprintf("(nothing yet)\nWrite the script now: at most %d turns, starting with turn 1 by %s.", v.MaxTurns, name)
	}
	return fmt.Sprintf("\nContinue the script from turn %d, spoken by %s; the conversation has at most %d turns.", n, name, v.MaxTurns)
}
