// Package episodes reads Sotopia episodes in the three forms they are
// found in (the episodes_to_jsonl export, raw EpisodeLog records, and
// evaluation files that keep only the evaluator's prompt) into one
// Episode.
package episodes

import "github.com/omnigap/omnigap/engine/interop"

// Form is the shape an episode was read from.
type Form string

const (
	// FormJSONL is a line of Sotopia's episodes_to_jsonl export.
	FormJSONL Form = "episodes_to_jsonl"
	// FormEpisodeLog is a raw EpisodeLog record, as Sotopia's database
	// holds it (also when stored JSON-encoded as a string).
	FormEpisodeLog Form = "episodelog"
	// FormPrompt is a record that keeps only the evaluator's prompt
	// (rewards_prompt), from which the whole episode is read.
	FormPrompt Form = "rewards_prompt"
)

// Kind is what an agent did with a turn, in Sotopia's words.
type Kind string

const (
	Speak      Kind = "speak"                    // said: "..."
	NonVerbal  Kind = "non-verbal communication" // [non-verbal communication] ...
	Action     Kind = "action"                   // [action] ...
	Leave      Kind = "leave"                    // left the conversation
	DidNothing Kind = "none"                     // did nothing
)

// Turn is one agent's turn, in recorded order. Environment messages are
// not turns.
type Turn struct {
	// Agent is the index in Episode.Agents of who took the turn. A turn
	// whose agent did nothing is not written by name in the told forms
	// (social_interactions, the prompt); its agent is then the one whose
	// turn it was by alternation.
	Agent int
	Kind  Kind
	// Text is what was said, shown or done, as given (without the quotes
	// of speech); empty for a leave and for doing nothing.
	Text string
}

// Agent is one of the episode's two characters, as the episode gives it.
type Agent struct {
	Name string
	// PK is the character's Sotopia id, when the episode names it
	// (EpisodeLog agents, episodes_to_jsonl agent_ids).
	PK string
	// Background and Goal are the texts as given (the told forms'
	// backgrounds hold the character's secret, the goals their
	// <extra_info> or "Extra information"); empty when the episode does
	// not carry them (a raw EpisodeLog without a readable prompt).
	Background string
	Goal       string
}

// Evaluation is the evaluator's verdict on one agent.
type Evaluation struct {
	Overall float64
	// Scores by dimension (believability, relationship, knowledge,
	// secret, social_rules, financial_and_material_benefits, goal), as
	// given; Sotopia's repeated overall_score is left out.
	Scores map[string]float64
	// Reasoning by dimension, from the evaluator's reasoning text; empty
	// when it cannot be told apart.
	Reasoning map[string]string
}

// Episode is one Sotopia episode, whichever form it was read from.
type Episode struct {
	Form Form
	// At is where the record sits (for a record stored one per file,
	// line 1 of that file).
	At interop.Position
	// PK is the episode's id (pk, episode_id); may be empty.
	PK string
	// Environment is the environment's pk, when given.
	Environment string
	// Codename is the environment's codename, when given (only the
	// episodes_to_jsonl export carries it).
	Codename string
	// Scenario is the scenario text as given, when given.
	Scenario string
	// Tag is the experiment's tag, when given.
	Tag string
	// Models are Sotopia's models list as given: the evaluator's, then
	// each agent's. Nil when the episode does not say (EvaluatorModel and
	// AgentModel then say Unknown).
	Models []string
	Agents [2]Agent
	Turns  []Turn
	// FirstAgent is the index in Agents of who took the first turn.
	FirstAgent int
	// Evaluations are the evaluator's scores per agent (in Agents'
	// order); nil when the episode carries none.
	Evaluations []Evaluation
	// Reasoning is the evaluator's whole reasoning text, as given.
	Reasoning string
	// EnvironmentComment is the environment's part of the reasoning
	// ("terminated: Agent 1 is leaving; "), which says how it ended.
	EnvironmentComment string
}

// Unknown names a model that the episode does not give.
const Unknown = "unknown"

// EvaluatorModel is the evaluator's model, or Unknown.
func (e *Episode) EvaluatorModel() string { return e.model(0) }

// AgentModel is the model that played agent i (0 or 1), or Unknown.
func (e *Episode) AgentModel(i int) string { return e.model(1 + i) }

func (e *Episode) model(i int) string {
	if i < len(e.Models) && e.Models[i] != "" {
		return e.Models[i]
	}
	return Unknown
}
