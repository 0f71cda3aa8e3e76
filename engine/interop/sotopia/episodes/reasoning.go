package episodes

import (
	"regexp"
	"strings"
)

// agentComments starts an agent's part of the evaluator's reasoning.
var agentComments = regexp.MustCompile(`(?m)^Agent (\d+) comments:[ \t]*$`)

// Dimensions are the seven dimensions of Sotopia's evaluator, in its
// order.
var Dimensions = []string{"believability", "relationship", "knowledge", "secret", "social_rules", "financial_and_material_benefits", "goal"}

// readReasoning splits the evaluator's reasoning ("Environment comments:
// ...", then "Agent 1 comments:" and one "dimension: ..." line per
// dimension, then agent 2's) into the environment's comment and each
// agent's reasoning by dimension. Text it cannot place is left out of
// the per-dimension split (it stays in Episode.Reasoning).
func readReasoning(text string) (env string, byAgent [2]map[string]string) {
	marks := agentComments.FindAllStringSubmatchIndex(text, -1)
	head := text
	if len(marks) > 0 {
		head = text[:marks[0][0]]
	}
	env = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(head), "Environment comments:"))
	for i, m := range marks {
		n := text[m[2]:m[3]]
		if n != "1" && n != "2" {
			continue
		}
		end := len(text)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		byAgent[n[0]-'1'] = dimensionLines(text[m[1]:end])
	}
	return env, byAgent
}

// dimensionLines reads "dimension: reasoning" lines; lines that start
// with no dimension continue the one before.
func dimensionLines(text string) map[string]string {
	out := map[string]string{}
	cur := ""
	for _, line := range strings.Split(text, "\n") {
		if dim, rest, ok := strings.Cut(line, ":"); ok && isDimension(dim) {
			cur = dim
			out[cur] = strings.TrimSpace(rest)
			continue
		}
		if cur != "" && strings.TrimSpace(line) != "" {
			out[cur] += "\n" + strings.TrimSpace(line)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func isDimension(s string) bool {
	for _, d := range Dimensions {
		if s == d {
			return true
		}
	}
	return false
}
