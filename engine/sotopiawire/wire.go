// Package wire holds Sotopia's episode records as they travel in JSON:
// the EpisodeLog that Sotopia's database stores, and the record its
// episodes_to_jsonl export writes. The episode reader and the
// `export --format sotopia` writer share them.
package sotopiawire

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Environment is the sender and receiver name Sotopia gives its narrator
// in an EpisodeLog's messages.
const Environment = "Environment"

// EpisodeLog is Sotopia's stored episode: messages by turn as (sender,
// receiver, text) triples, the first turn giving each agent its context,
// and one reward per agent.
type EpisodeLog struct {
	PK            string        `json:"pk,omitempty"`
	Environment   string        `json:"environment"`
	Agents        []string      `json:"agents"`
	Tag           string        `json:"tag"`
	Models        []string      `json:"models"`
	Messages      [][][3]string `json:"messages"`
	Reasoning     string        `json:"reasoning"`
	Rewards       []Reward      `json:"rewards"`
	RewardsPrompt string        `json:"rewards_prompt"`
}

// EpisodeJSONL is one line of Sotopia's episodes_to_jsonl export: the
// EpisodeLog's fields under other names (raw_*, experiment_*), and the
// episode told for people: the scenario, each agent's background and
// goal by name (in the agents' order), and the interaction as text.
// Some published exports keep only the told fields.
type EpisodeJSONL struct {
	EpisodeID          string        `json:"episode_id"`
	EnvironmentID      string        `json:"environment_id,omitempty"`
	AgentIDs           []string      `json:"agent_ids,omitempty"`
	ExperimentTag      string        `json:"experiment_tag,omitempty"`
	ModelNames         []string      `json:"experiment_model_name_pairs,omitempty"`
	RawMessages        [][][3]string `json:"raw_messages,omitempty"`
	RawRewards         []Reward      `json:"raw_rewards,omitempty"`
	RawRewardsPrompt   string        `json:"raw_rewards_prompt,omitempty"`
	Scenario           string        `json:"scenario"`
	Codename           string        `json:"codename"`
	AgentsBackground   Named         `json:"agents_background"`
	SocialGoals        Named         `json:"social_goals"`
	SocialInteractions string        `json:"social_interactions"`
	Reasoning          string        `json:"reasoning"`
	Rewards            []Reward      `json:"rewards"`
}

// Reward is one agent's evaluation: the overall score and the score of
// each dimension. Sotopia writes it as [overall, {dimension: score}], as
// a bare overall number, or (in some exports) as the dimensions' object
// alone with the overall under "overall_score"; all three read.
type Reward struct {
	Overall    float64
	Dimensions map[string]float64 // nil when only the overall was given
}

// OverallKey is where Sotopia repeats the overall score among the
// dimensions.
const OverallKey = "overall_score"

// MarshalJSON writes the [overall, {dimension: score}] pair.
func (r Reward) MarshalJSON() ([]byte, error) {
	dims := r.Dimensions
	if dims == nil {
		dims = map[string]float64{}
	}
	return json.Marshal([2]any{r.Overall, dims})
}

// UnmarshalJSON reads any of the three shapes.
func (r *Reward) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.HasPrefix(data, []byte("[")):
		var pair []json.RawMessage
		if err := json.Unmarshal(data, &pair); err != nil {
			return err
		}
		if len(pair) != 2 {
			return fmt.Errorf("a reward pair holds [overall, {dimension: score}] (got %d values)", len(pair))
		}
		if err := json.Unmarshal(pair[0], &r.Overall); err != nil {
			return fmt.Errorf("a reward's overall score: %w", err)
		}
		return json.Unmarshal(pair[1], &r.Dimensions)
	case bytes.HasPrefix(data, []byte("{")):
		if err := json.Unmarshal(data, &r.Dimensions); err != nil {
			return err
		}
		r.Overall = r.Dimensions[OverallKey]
		return nil
	}
	return json.Unmarshal(data, &r.Overall)
}

// Named is a JSON object of text by name that keeps its keys' order:
// Sotopia writes an episode's agents in their seats' order.
type Named []NamedText

// NamedText is one entry of a Named object.
type NamedText struct {
	Name, Text string
}

// Get is the text of name, and whether it is there.
func (n Named) Get(name string) (string, bool) {
	for _, e := range n {
		if e.Name == name {
			return e.Text, true
		}
	}
	return "", false
}

// MarshalJSON writes the object in order.
func (n Named) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(e.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.Text)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object of strings, keeping its keys' order.
func (n *Named) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("want an object of text by name")
	}
	*n = nil
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		var text string
		if err := dec.Decode(&text); err != nil {
			return fmt.Errorf("%v: want text", tok)
		}
		*n = append(*n, NamedText{Name: tok.(string), Text: text})
	}
	_, err := dec.Token()
	return err
}
