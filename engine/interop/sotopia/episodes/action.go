package episodes

import "strings"

// Sotopia's wording of each kind of action, after the agent's name.
const (
	saidWord      = "said:"
	nonVerbalWord = "[non-verbal communication]"
	actionWord    = "[action]"
	leaveWords    = "left the conversation"
	nothingWords  = "did nothing"
)

// parseAction reads an action as Sotopia words it after the agent's
// name: `said: "..."`, `[non-verbal communication] ...`, `[action] ...`,
// `left the conversation` or `did nothing`. The told forms put a colon
// between name and action for all but speech ("Name: [action] ..."),
// the prompt does not; both read. Speech keeps its quotes until its
// lines are gathered (finish).
func parseAction(s string) (Kind, string, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), ": ")
	switch {
	case strings.HasPrefix(s, saidWord):
		return Speak, strings.TrimSpace(s[len(saidWord):]), true
	case strings.HasPrefix(s, nonVerbalWord):
		return NonVerbal, strings.TrimSpace(s[len(nonVerbalWord):]), true
	case strings.HasPrefix(s, actionWord):
		return Action, strings.TrimSpace(s[len(actionWord):]), true
	case s == leaveWords:
		return Leave, "", true
	case s == nothingWords:
		return DidNothing, "", true
	}
	return "", "", false
}

// unquote takes off the quotes Sotopia puts around speech (it does not
// escape the quotes inside).
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// entry reads a transcript line that starts an agent's action: one of
// names, then the action. The longer name is tried first, so that a name
// that starts the other still reads.
func entry(line string, names [2]string) (agent int, kind Kind, text string, ok bool) {
	order := [2]int{0, 1}
	if len(names[1]) > len(names[0]) {
		order = [2]int{1, 0}
	}
	for _, i := range order {
		n := names[i]
		if n == "" || !strings.HasPrefix(line, n) {
			continue
		}
		rest := line[len(n):]
		if !strings.HasPrefix(rest, " ") && !strings.HasPrefix(rest, ": ") {
			continue
		}
		if kind, text, ok := parseAction(rest); ok {
			return i, kind, text, true
		}
	}
	return 0, "", "", false
}

// addLines reads lines of a transcript into turns: a line that starts
// an action starts a turn, any other line continues the text of the turn
// before it (speech may hold line breaks), joined by sep. It returns how
// many turns it started.
func addLines(turns *[]Turn, lines []string, sep string, names [2]string) int {
	n := 0
	for _, line := range lines {
		if agent, kind, text, ok := entry(line, names); ok {
			*turns = append(*turns, Turn{Agent: agent, Kind: kind, Text: text})
			n++
			continue
		}
		if k := len(*turns); k > 0 {
			(*turns)[k-1].Text += sep + line
		}
	}
	return n
}

// finish takes the quotes off speech, once its lines are gathered, and
// gives each turn of unnamed agent the agent whose turn it was. It
// returns the first turn's agent.
func finish(turns []Turn) int {
	for i := range turns {
		if turns[i].Kind == Speak {
			turns[i].Text = unquote(strings.TrimSpace(turns[i].Text))
		}
	}
	return fillAgents(turns)
}

// unknownAgent marks a turn whose agent the transcript does not name.
const unknownAgent = -1

// fillAgents gives each turn of unnamed agent the agent whose turn it was:
// Sotopia's agents take turns in alternation. It returns the first
// turn's agent.
func fillAgents(turns []Turn) int {
	known := -1
	for i, t := range turns {
		if t.Agent != unknownAgent {
			known = i
			break
		}
	}
	if known < 0 {
		for i := range turns {
			turns[i].Agent = i % 2
		}
		return 0
	}
	for i := known - 1; i >= 0; i-- {
		turns[i].Agent = 1 - turns[i+1].Agent
	}
	for i := known + 1; i < len(turns); i++ {
		if turns[i].Agent == unknownAgent {
			turns[i].Agent = 1 - turns[i-1].Agent
		}
	}
	if len(turns) == 0 {
		return 0
	}
	return turns[0].Agent
}
