package episodes

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/sotopiawire"
)

// fromJSONL reads an episodes_to_jsonl record. The raw fields, when the
// export kept them, say the turns exactly (with every "did nothing");
// otherwise the turns come from the told interaction.
func fromJSONL(r *sotopiawire.EpisodeJSONL) (*Episode, error) {
	e := &Episode{
		Form: FormJSONL, PK: r.EpisodeID, Environment: r.EnvironmentID, Codename: r.Codename,
		Scenario: r.Scenario, Tag: r.ExperimentTag, Models: r.ModelNames, Reasoning: r.Reasoning,
	}
	if len(r.AgentsBackground) != 2 {
		return nil, interop.Fieldf("agents_background", "must give 2 agents' backgrounds (got %d)", len(r.AgentsBackground))
	}
	var names [2]string
	for i, b := range r.AgentsBackground {
		names[i] = b.Name
		goal, ok := r.SocialGoals.Get(b.Name)
		if !ok {
			return nil, interop.Fieldf("social_goals", "gives no goal for %q", b.Name)
		}
		e.Agents[i] = Agent{Name: b.Name, Background: b.Text, Goal: goal}
		if i < len(r.AgentIDs) {
			e.Agents[i].PK = r.AgentIDs[i]
		}
	}
	if len(r.RawMessages) > 0 {
		turns, err := messageTurns(r.RawMessages, names, "raw_messages")
		if err != nil {
			return nil, err
		}
		e.Turns = turns
	} else {
		e.Turns = interactionTurns(r.SocialInteractions, names)
	}
	rewards := r.Rewards
	if len(rewards) == 0 {
		rewards = r.RawRewards
	}
	if err := e.evaluate(rewards, "rewards"); err != nil {
		return nil, err
	}
	return e.finish("social_interactions")
}

// fromEpisodeLog reads a raw EpisodeLog: the turns from its messages, the
// scenario, backgrounds and goals from the evaluator's prompt when it
// holds them (else each agent's background is the context the
// environment gave it in the first turn).
func fromEpisodeLog(r *sotopiawire.EpisodeLog) (*Episode, error) {
	e := &Episode{
		Form: FormEpisodeLog, PK: r.PK, Environment: r.Environment, Tag: r.Tag, Models: r.Models,
		Reasoning: r.Reasoning,
	}
	names, err := messageNames(r.Messages)
	if err != nil {
		return nil, err
	}
	for i := range 2 {
		e.Agents[i].Name = names[i]
		if i < len(r.Agents) {
			e.Agents[i].PK = r.Agents[i]
		}
	}
	if t, err := readPrompt(r.RewardsPrompt); err == nil && t.names == names {
		e.Scenario = t.scenario
		for i := range 2 {
			e.Agents[i].Background, e.Agents[i].Goal = t.background[i], t.goal[i]
		}
	} else {
		for i := range 2 {
			e.Agents[i].Background = strings.TrimSpace(r.Messages[0][i][2])
		}
	}
	if e.Turns, err = messageTurns(r.Messages, names, "messages"); err != nil {
		return nil, err
	}
	if err := e.evaluate(r.Rewards, "rewards"); err != nil {
		return nil, err
	}
	return e.finish("messages")
}

// promptRecord is a record that keeps only the evaluator's prompt.
type promptRecord struct {
	PK            string               `json:"pk"`
	Environment   string               `json:"environment"`
	Agents        []string             `json:"agents"`
	Tag           string               `json:"tag"`
	Models        []string             `json:"models"`
	Reasoning     string               `json:"reasoning"`
	Rewards       []sotopiawire.Reward `json:"rewards"`
	RewardsPrompt string               `json:"rewards_prompt"`
}

// fromPrompt reads everything from the evaluator's prompt text.
func fromPrompt(r *promptRecord) (*Episode, error) {
	t, err := readPrompt(r.RewardsPrompt)
	if err != nil {
		return nil, err
	}
	e := &Episode{
		Form: FormPrompt, PK: r.PK, Environment: r.Environment, Tag: r.Tag, Models: r.Models,
		Scenario: t.scenario, Reasoning: r.Reasoning,
	}
	for i := range 2 {
		e.Agents[i] = Agent{Name: t.names[i], Background: t.background[i], Goal: t.goal[i]}
		if i < len(r.Agents) {
			e.Agents[i].PK = r.Agents[i]
		}
	}
	e.Turns = promptTurns(t.transcript, t.names)
	if err := e.evaluate(r.Rewards, "rewards"); err != nil {
		return nil, err
	}
	return e.finish("rewards_prompt")
}

// messageNames are the two agents' names in an EpisodeLog's messages:
// the receivers of the environment's first two messages.
func messageNames(msgs [][][3]string) ([2]string, error) {
	var names [2]string
	if len(msgs) == 0 || len(msgs[0]) < 2 {
		return names, interop.Fieldf("messages", "must open with the environment's message to each agent")
	}
	for i := range 2 {
		m := msgs[0][i]
		if m[0] != sotopiawire.Environment || m[1] == "" || m[1] == sotopiawire.Environment {
			return names, interop.Fieldf(fmt.Sprintf("messages[0][%d]", i), "must be the environment's message to an agent (got %q to %q)", m[0], m[1])
		}
		names[i] = m[1]
	}
	if names[0] == names[1] {
		return names, interop.Fieldf("messages[0]", "must address two different agents (both %q)", names[0])
	}
	return names, nil
}

// messageTurns reads an EpisodeLog's turns: each agent's message to the
// environment is an action; in a turn where only one agent may act the
// other "did nothing", which is no turn of its own; a turn where every
// agent did nothing is one turn of doing nothing. The environment's
// messages are not turns.
func messageTurns(msgs [][][3]string, names [2]string, field string) ([]Turn, error) {
	var turns []Turn
	for ti, turn := range msgs {
		acted, nothing := 0, 0
		for mi, m := range turn {
			if m[0] == sotopiawire.Environment || m[1] != sotopiawire.Environment {
				continue
			}
			agent := -1
			for i, n := range names {
				if m[0] == n {
					agent = i
				}
			}
			if agent < 0 {
				return nil, interop.Fieldf(fmt.Sprintf("%s[%d][%d]", field, ti, mi), "sender %q is neither agent (%s, %s)", m[0], names[0], names[1])
			}
			kind, text, ok := parseAction(m[2])
			if kind == Speak {
				text = unescaped(text)
			}
			if !ok {
				return nil, interop.Fieldf(fmt.Sprintf("%s[%d][%d]", field, ti, mi), "is no action Sotopia writes (said:, [non-verbal communication], [action], left the conversation, did nothing): %.40q", m[2])
			}
			if kind == DidNothing {
				nothing++
				continue
			}
			turns = append(turns, Turn{Agent: agent, Kind: kind, Text: text})
			acted++
		}
		if acted == 0 && nothing > 0 {
			turns = append(turns, Turn{Agent: unknownAgent, Kind: DidNothing})
		}
	}
	return turns, nil
}

// unescaped is speech that was written as a Go-quoted string (omnigap's
// export writes said: "..." so, escapes and all) read back; Sotopia's own
// speech, quoted without escapes, is kept as it is.
func unescaped(quoted string) string {
	if s, err := strconv.Unquote(quoted); err == nil {
		return `"` + s + `"`
	}
	return quoted
}

// evaluate reads the per-agent rewards, when there are any, and places
// the evaluator's reasoning by agent and dimension.
func (e *Episode) evaluate(rewards []sotopiawire.Reward, field string) error {
	env, reasons := readReasoning(e.Reasoning)
	e.EnvironmentComment = env
	if len(rewards) == 0 {
		return nil
	}
	if len(rewards) != 2 {
		return interop.Fieldf(field, "must hold one reward per agent, 2 (got %d)", len(rewards))
	}
	for i, r := range rewards {
		ev := Evaluation{Overall: r.Overall, Reasoning: reasons[i]}
		for k, v := range r.Dimensions {
			if k == sotopiawire.OverallKey {
				continue
			}
			if ev.Scores == nil {
				ev.Scores = map[string]float64{}
			}
			ev.Scores[k] = v
		}
		e.Evaluations = append(e.Evaluations, ev)
	}
	return nil
}

// finish completes the turns and checks that there are some.
func (e *Episode) finish(field string) (*Episode, error) {
	if e.Agents[0].Name == "" || e.Agents[1].Name == "" || e.Agents[0].Name == e.Agents[1].Name {
		return nil, interop.Fieldf(field, "must name two different agents (got %q and %q)", e.Agents[0].Name, e.Agents[1].Name)
	}
	if len(e.Turns) == 0 {
		return nil, interop.Fieldf(field, "holds no turn")
	}
	e.FirstAgent = finish(e.Turns)
	return e, nil
}

// newOf is a new zero value of v's type, for decoding one field alone.
func newOf(v any) any {
	switch v.(type) {
	case *sotopiawire.EpisodeJSONL:
		return new(sotopiawire.EpisodeJSONL)
	case *sotopiawire.EpisodeLog:
		return new(sotopiawire.EpisodeLog)
	}
	return new(promptRecord)
}
