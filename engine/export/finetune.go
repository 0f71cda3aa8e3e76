// Package export writes recordings in other tools' formats: chat
// fine-tuning JSONL from SCRIPT runs (the training data of the study's
// AGENTS-ft experiment), Sotopia EpisodeLog-style JSONL, and redacted
// copies for sharing.
package export

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Options shape an export.
type Options struct {
	// DropLeaky leaves out fine-tuning examples whose seat leaked: said
	// a private fact its own AGENTS View does not hold.
	DropLeaky bool
	// Redact replaces private facts with placeholders (Redactor).
	Redact bool
	// Bare leaves the metadata out of fine-tuning examples, for services
	// that refuse any key besides messages.
	Bare bool
	// Rated are people's ratings joined to the recordings, which a page
	// shows beside the judges' scores (--ratings; nil for none).
	Rated *people.Study
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Example is one fine-tuning example: one seat of one SCRIPT run.
type Example struct {
	Messages []Message `json:"messages"`
	Metadata *Metadata `json:"metadata,omitempty"`
}

// Metadata says where an example comes from and what the annotator found
// in its seat's lines.
type Metadata struct {
	Recording   string                       `json:"recording"`
	Run         string                       `json:"run"`
	Seat        int                          `json:"seat"`
	Speaker     string                       `json:"speaker"`
	Annotations map[event.AnnotationKind]int `json:"annotations"`
}

// Stats counts what an export wrote and left out: Dropped for leaks,
// Silent for a seat that never spoke.
type Stats struct {
	Written, Dropped, Silent int
}

// opening stands before the first line of a seat that speaks first, so
// that every example opens with a user message, as chat fine-tuning
// services expect. It is a stage direction, not a line of either side.
const opening = "[The conversation starts. You speak first.]"

// Finetune writes one example per seat of each SCRIPT recording: the
// seat's AGENTS View as the system message (what a separate agent in that
// seat is given), the partner's lines as user messages and the seat's own
// lines as assistant messages. Recordings of other modes are refused: only
// SCRIPT dialogues are the study's fine-tuning data.
func Finetune(w io.Writer, recs []*record.Recording, o Options) (Stats, error) {
	var st Stats
	enc := json.NewEncoder(textsafe.JSONWriter(w))
	enc.SetEscapeHTML(false)
	for _, rec := range recs {
		if rec.Header.Mode != view.Script {
			return st, fmt.Errorf("%s: mode %s; fine-tuning examples come from SCRIPT recordings only", rec.Path, rec.Header.Mode.Label())
		}
		leak.Reannotate(rec) // the counts follow today's rules
		for seat := range 2 {
			ex := example(rec, seat)
			switch {
			case o.DropLeaky && ex.Metadata.Annotations[event.Leak] > 0:
				st.Dropped++
				continue
			case ex.Messages[len(ex.Messages)-1].Role != "assistant":
				st.Silent++
				continue
			}
			if o.Bare {
				ex.Metadata = nil
			}
			if o.Redact {
				r := NewRedactor(rec.Header.Scenario)
				for i := range ex.Messages {
					ex.Messages[i].Content = r.Text(ex.Messages[i].Content)
				}
			}
			if err := enc.Encode(ex); err != nil {
				return st, err
			}
			st.Written++
		}
	}
	return st, nil
}

func example(rec *record.Recording, seat int) Example {
	sc := rec.Header.Scenario
	system := view.For(sc, view.Agents, seat).Render()
	ex := Example{
		Messages: []Message{{Role: "system", Content: system}},
		Metadata: &Metadata{Recording: filepath.Base(rec.Path), Run: rec.Header.RunID, Seat: seat,
			Speaker: sc.Seats[seat].Character.Name, Annotations: map[event.AnnotationKind]int{}},
	}
	for _, k := range event.Kinds {
		ex.Metadata.Annotations[k.Kind] = 0
	}
	for _, ev := range rec.Events {
		switch {
		case ev.Kind == event.TurnCompleted && ev.Action != nil:
			role := "user"
			if ev.Seat == seat {
				role = "assistant"
			}
			if role == "assistant" && len(ex.Messages) == 1 {
				ex.Messages = append(ex.Messages, Message{Role: "user", Content: opening})
			}
			ex.Messages = append(ex.Messages, Message{Role: role, Content: scenario.Tagged(*ev.Action)})
		case ev.Kind == event.Annotated && ev.Annotation != nil && ev.Annotation.Counted() && ev.Annotation.Source == event.ByRules && ev.Seat == seat:
			ex.Metadata.Annotations[ev.Annotation.Kind]++
		}
	}
	// The partner's lines after the seat's last one teach nothing.
	last := len(ex.Messages) - 1
	for last > 0 && ex.Messages[last].Role == "user" {
		last--
	}
	if last > 0 {
		ex.Messages = ex.Messages[:last+1]
	}
	return ex
}
