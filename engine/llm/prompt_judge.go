package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/view"
)

// The words the judge is given. It follows Sotopia-Eval: seven dimensions,
// each with its rubric and range, one call per character, reasoning
// before each whole-number score. The rubrics are written in our words.

// judgeRubric says how to score each dimension, by its key.
var judgeRubric = map[string]string{
	"believability":                   "Does the character behave like a real person: naturally, in line with their profile and personality, without repeating themselves or sounding mechanical? 0 not at all, 10 fully.",
	"relationship":                    "Is the character's relationship with the other better (positive) or worse (negative) after the conversation than before, counting both their personal bond and the character's standing? 0 unchanged.",
	"knowledge":                       "Did the character learn new information that matters to them? 0 nothing new, 10 a great deal.",
	"secret":                          "Did the character give away secrets, private information or intentions they meant to keep? 0 nothing given away, -10 their most important secrets revealed.",
	"social_rules":                    "Did the character break moral rules, social norms or laws, for example by deceiving to harm, threatening or insulting? 0 none broken, -10 grave breaches.",
	"financial_and_material_benefits": "Did the character gain (positive) or lose (negative) money, goods or other material benefit, now or later? 0 neither.",
	"goal":                            "How far did the character achieve their own goal, as stated in their background? 0 not at all, 10 fully.",
}

// judgeOpening opens the judge's system message (a dry run's stand-in
// tells the judge's calls by it).
const judgeOpening = "You are an impartial evaluator of social interactions."

// judgeSystem is the judge's system message, the same for every call.
func judgeSystem() string {
	var b strings.Builder
	b.WriteString(judgeOpening + ` You read two characters' full backgrounds, the conversation they had and how it ended, and you score one of the characters, the one you are asked about, on seven dimensions:
`)
	for _, d := range metrics.JudgeDimensions {
		fmt.Fprintf(&b, "- %s (a whole number from %g to %g): %s\n", d.Key, d.Min, d.Max, judgeRubric[d.Key])
	}
	b.WriteString(`
Judge only from what happened in the conversation. For each dimension, first reason about the evidence, then give the score.
Answer with one JSON object and nothing else: {"believability": {"reasoning": "...", "score": 8}, "relationship": {...}, ...}, all seven dimensions.`)
	return b.String()
}

// judgeContext is the judge's user message up to the request: the same
// for both calls of an episode, so the second one is served from cache.
func judgeContext(v view.View, history []event.Turn, outcome string) string {
	var b strings.Builder
	b.WriteString(v.RenderOmniscient("You evaluate the conversation between these two characters, and you know everything about both."))
	b.WriteString("\nThe conversation:\n")
	dialogue(&b, history)
	fmt.Fprintf(&b, "\nHow it ended: %s.\n", outcome)
	return b.String()
}

// judgeAsk names the character to score.
func judgeAsk(v view.View, seat int) string {
	return fmt.Sprintf("\nScore %s (character %d, %s) now.", v.Seats[seat].Name, seat+1, v.Seats[seat].Role)
}

// judgeReask asks once more after scores that could not be used.
func judgeReask(problem string) string {
	return "Those scores could not be used: " + problem + ". Answer again with only the JSON object, every score a whole number in its range."
}
