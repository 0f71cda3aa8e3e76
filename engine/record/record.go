// Package record writes and reads recordings: append-only JSONL files with a
// header line, one line per event and a footer line.
package record

import (
	"io/fs"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// FormatVersion is the recording format this package writes.
const FormatVersion = 1

// Line kinds besides the event kinds.
const (
	headerKind = "header"
	footerKind = "footer"
)

// Header is the first line: everything needed to understand and replay the
// run without the scenario file.
type Header struct {
	Kind     string             `json:"kind"`
	Format   int                `json:"format"`
	App      string             `json:"app"`
	RunID    string             `json:"run"`
	Scenario *scenario.Scenario `json:"scenario"`
	Mode     view.Mode          `json:"mode"`
	Backends [2]string          `json:"backends"`
	Seed     int64              `json:"seed"`
	Started  time.Time          `json:"started"`
	// Parent is set on a fork: the run it branched from.
	Parent *Parent `json:"parent,omitempty"`
	// Settings are the backend's endpoint and sampling parameters (never
	// a key), when it has any.
	Settings map[string]string `json:"settings,omitempty"`
	// Player names the person who held a seat (omnigap serve) by a salted
	// hash of their key or session: the same person gets the same name
	// on one server, and no name, address or key is kept.
	Player string `json:"player,omitempty"`
	// Rules is the version of the annotation rules its annotations follow
	// (event.AnnotationRules; absent, 0, in recordings made before it was
	// kept); readers annotate older recordings again.
	Rules int `json:"rules,omitempty"`
	// Person says what a person who played a seat was shown (empty: every
	// side, as in watch), which decides whether their turns leak or guess.
	Person event.Person `json:"person,omitempty"`
	// Source names where an imported run came from (absent on runs
	// omnigap played).
	Source *Source `json:"source,omitempty"`
}

// The settings that name the SCRIPT writer's instruction (engine/llm,
// docs/LLM.md): its variant, and a short hash of the system text it gave.
const (
	SettingWriterPrompt     = "writer_prompt"
	SettingWriterPromptHash = "writer_prompt_hash"
)

// WriterPromptBefore is the variant of a model run recorded before the
// variant was kept: the only writer instruction there was then.
const WriterPromptBefore = "careful"

// WriterPrompt names the SCRIPT writer's instruction of a model run, from
// its settings: the variant recorded, WriterPromptBefore for a model run
// that recorded none, "" for a run without a model (the built-in engine,
// people), whose writer, if any, has no prompt.
func (h Header) WriterPrompt() string {
	if v := h.Settings[SettingWriterPrompt]; v != "" {
		return v
	}
	if _, model := h.Settings["model.writer"]; model {
		return WriterPromptBefore
	}
	return ""
}

// Parent names the recording a forked run started from and the last turn
// it took over from it: the fork's turns 1..Turn repeat the parent's.
// Recording is empty when the parent run was not recorded; Run names it.
type Parent struct {
	Recording string `json:"recording"`
	Run       string `json:"run"`
	Turn      int    `json:"turn"`
}

// Footer is the last line of a complete recording.
type Footer struct {
	Kind   string        `json:"kind"`
	Ending *event.Ending `json:"ending"`
}

// Recording is a recording read back.
type Recording struct {
	Path   string
	Header Header
	Events []event.Event
	Footer *Footer // nil when the run did not finish writing
	// Torn is set when the last line was cut off mid-write.
	Torn bool
	// Lines is the number of complete lines read.
	Lines int
	// fsys holds the recording when it is not a file on disk (one built
	// into the binary): Stream reads it from there.
	fsys fs.FS
}

// Ending returns the run's ending from the footer, or from the run-ended
// event when the footer is missing, or nil.
func (r *Recording) Ending() *event.Ending {
	if r.Footer != nil && r.Footer.Ending != nil {
		return r.Footer.Ending
	}
	for i := len(r.Events) - 1; i >= 0; i-- {
		if r.Events[i].Kind == event.RunEnded {
			return r.Events[i].Ending
		}
	}
	return nil
}
