package episodes

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
)

// interactionTurns reads episodes_to_jsonl's social_interactions: one
// paragraph per turn ("Name said: ...", "Name: [action] ..."), blank
// lines between. A turn in which the agent did nothing is left out of the
// text but keeps its paragraph, empty; a paragraph that starts with no
// agent's name continues the speech before it (speech may hold blank
// lines).
func interactionTurns(text string, names [2]string) []Turn {
	var turns []Turn
	for _, para := range strings.Split(text, "\n\n") {
		lines := strings.Split(para, "\n")
		switch _, _, _, starts := entry(lines[0], names); {
		case para == "":
			turns = append(turns, Turn{Agent: unknownAgent, Kind: DidNothing})
		case starts:
			addLines(&turns, lines, "\n", names)
		case len(turns) > 0:
			turns[len(turns)-1].Text += "\n\n" + para
		}
	}
	return turns
}

// turnMark starts a turn in the evaluator's prompt: "Turn #3" on a line
// of its own, or "Turn #3: Name said: ..." (the two layouts Sotopia has
// used, counting from 1 and from 0). The last mark may carry the comma
// that joins the transcript to the instructions.
var turnMark = regexp.MustCompile(`(?m)^Turn #(\d+)(:[ \t]?|[ \t]*,?[ \t]*$)`)

// promptEnd is where the evaluator's instructions follow the transcript.
const promptEnd = "\nBased on previous interactions"

// promptTurns reads the transcript of the evaluator's prompt, which
// starts at the first turn mark. A turn with nothing after its mark is a
// turn in which the agent did nothing. The "," that joins the last turn
// to the instructions is not part of it.
func promptTurns(transcript string, names [2]string) []Turn {
	var turns []Turn
	marks := turnMarks(transcript)
	for i, m := range marks {
		end := len(transcript)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		block := strings.Trim(transcript[m[1]:end], "\n")
		if i == len(marks)-1 {
			block = strings.TrimSuffix(strings.TrimSpace(block), ",")
		}
		if strings.TrimSpace(block) == "" {
			turns = append(turns, Turn{Agent: unknownAgent, Kind: DidNothing})
			continue
		}
		addLines(&turns, strings.Split(block, "\n"), "\n", names)
	}
	return turns
}

// turnMarks finds the marks that start turns: those of the first mark's
// layout, each numbered one more than the one before. Speech that quotes
// a transcript ("Turn #0: ..." inside a turn) does not start turns.
func turnMarks(transcript string) [][]int {
	var marks [][]int
	var last int
	var layout string
	for _, m := range turnMark.FindAllStringSubmatchIndex(transcript, -1) {
		n, err := strconv.Atoi(transcript[m[2]:m[3]])
		if err != nil {
			continue
		}
		l := strings.Trim(transcript[m[4]:m[5]], " \t,")
		if len(marks) > 0 && (l != layout || n != last+1) {
			continue
		}
		marks, last, layout = append(marks, m[:2]), n, l
	}
	return marks
}

// told is what the evaluator's prompt says of an episode before its
// transcript.
type told struct {
	scenario   string
	names      [2]string
	background [2]string
	goal       [2]string
	transcript string
}

// participants names the two agents in the prompt.
var participants = regexp.MustCompile(`(?m)^Participants: (.+?) and (.+)$`)

// readPrompt splits the evaluator's prompt into the scenario, the two
// participants, their backgrounds and goals ("Name's background: ...",
// "Name's goal: ...", each running to the next) and the transcript
// (from the first turn mark to the instructions that follow it).
func readPrompt(prompt string) (told, error) {
	var t told
	if i := strings.Index(prompt, promptEnd); i >= 0 {
		prompt = prompt[:i]
	}
	p := participants.FindStringSubmatchIndex(prompt)
	if p == nil {
		return t, interop.Fieldf("rewards_prompt", "names no participants (a line \"Participants: A and B\")")
	}
	t.names = [2]string{strings.TrimSpace(prompt[p[2]:p[3]]), strings.TrimSpace(prompt[p[4]:p[5]])}
	head := prompt[:p[0]]
	if i := strings.Index(head, "Scenario:"); i >= 0 {
		t.scenario = strings.TrimSpace(head[i+len("Scenario:"):])
	}
	rest := prompt[p[1]:]
	first := turnMark.FindStringIndex(rest)
	if first == nil {
		return t, interop.Fieldf("rewards_prompt", "holds no transcript (no line starting \"Turn #\")")
	}
	t.transcript = rest[first[0]:]
	rest = rest[:first[0]]
	type part struct {
		at    int
		label string
		into  *string
	}
	var parts []part
	for i, n := range t.names {
		for _, p := range []struct {
			label string
			into  *string
		}{{"background", &t.background[i]}, {"goal", &t.goal[i]}} {
			label := "\n" + n + "'s " + p.label + ":"
			at := strings.Index(rest, label)
			if at < 0 {
				return t, interop.Fieldf("rewards_prompt", "has no %q line", strings.TrimSpace(label))
			}
			parts = append(parts, part{at, label, p.into})
		}
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].at < parts[j].at })
	for i, p := range parts {
		end := len(rest)
		if i+1 < len(parts) {
			end = parts[i+1].at
		}
		*p.into = strings.TrimSpace(rest[p.at+len(p.label) : end])
	}
	return t, nil
}
