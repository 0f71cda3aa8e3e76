package record

import "fmt"

// Source names where an imported run came from, so that a reader can
// find its episode in the source again (a ratings file keyed by the
// episode's id, the source's own browser). Runs omnigap played have none.
type Source struct {
	// Format is the tool and the form the episode was read from, such as
	// "sotopia/episodes_to_jsonl".
	Format string `json:"format"`
	// File is the file the episode was read from, as the import was
	// given it (cleaned).
	File string `json:"file"`
	// Episode is the source's own id of the episode (Sotopia's pk);
	// empty when the source gives none.
	Episode string `json:"episode,omitempty"`
	// Tag is the source's experiment tag, as given.
	Tag string `json:"tag,omitempty"`
	// Models are the models as the source names them (Sotopia: the
	// evaluator's, then each agent's): the header's backends may name a
	// placeholder otherwise.
	Models []string `json:"models,omitempty"`
	// Agents are the characters as the source orders them (Sotopia's
	// agent 1, then agent 2), whichever seat omnigap gave each: what a
	// ratings file numbering the agents refers to.
	Agents []string `json:"agents,omitempty"`
	// Notes say what the source tells of the run beyond what omnigap
	// plays (a Sotopia-lite run) and how a model was named.
	Notes []string `json:"notes,omitempty"`
}

// check validates what readers key on: a format, and a format and id
// short enough to print whole.
func (s *Source) check() error {
	switch {
	case s.Format == "":
		return fmt.Errorf("source.format: missing")
	case len(s.Format) > maxNameBytes:
		return fmt.Errorf("source.format: longer than %d bytes", maxNameBytes)
	case len(s.Episode) > maxNameBytes:
		return fmt.Errorf("source.episode: longer than %d bytes", maxNameBytes)
	}
	return nil
}
