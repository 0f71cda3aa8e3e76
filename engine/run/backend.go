// Package run plays one episode: it asks each seat's backend for turns in
// order, applies the ending rules and emits events. A Controller pauses,
// resumes and steps it from any goroutine.
package run

import (
	"context"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
)

// FamilyTurns is the dialogue as a family's moves read it.
func FamilyTurns(history []event.Turn) []family.Turn {
	out := make([]family.Turn, len(history))
	for i, t := range history {
		out[i] = family.Turn{Seat: t.Seat, Speaker: t.Speaker, Action: t.Action}
	}
	return out
}

// Request is what a backend gets to produce one turn.
type Request struct {
	Seat    int
	Turn    int // 1-based number of the turn to produce
	History []event.Turn
	// Emit streams a piece of the turn's text as it is produced.
	Emit func(delta string)
	// Stream emits finished text word by word at the run's current pace;
	// backends that have the whole text at once use it instead of Emit.
	Stream func(ctx context.Context, text string) error
}

// Result is a backend's turn: the action and, for model calls, the usage,
// the model's reasoning (never part of the action) and the failed replies
// it recovered from by asking again (each becomes an error event).
type Result struct {
	Action    event.Action
	Usage     []event.Usage
	Reasoning string
	Failures  []error
}

// Backend produces turns for a seat. A SCRIPT writer is one Backend that
// serves both seats. Implementations must return promptly when ctx ends.
type Backend interface {
	// Name says what plays, e.g. "builtin" or "openai:gpt-4o-mini".
	Name() string
	Turn(ctx context.Context, req Request) (Result, error)
}

// Annotator looks at each completed turn and adds annotations and, when the
// run ends, metrics. It is called from the run's goroutine, in order.
type Annotator interface {
	Annotate(history []event.Turn) []event.Annotation
	// Finish fills the ending's metrics under the run's context and must
	// return promptly when it ends. It returns the token counts of the
	// model calls it made (a judge's), which the run reports as usage
	// events and adds to its totals.
	Finish(ctx context.Context, history []event.Turn, ending *event.Ending) []event.Usage
}

// LateAnnotator is an Annotator that also annotates turns beside the run
// (a model's check): what it finds of a turn may come after later turns.
// The run calls Start once, before its first turn, with its context and
// the function that sends a late annotation or error of a turn; send may
// be called from any goroutine until Finish returns, never after.
type LateAnnotator interface {
	Annotator
	Start(ctx context.Context, send func(Late))
}

// Late is an annotation of an earlier turn, or an error of its check
// (Err, its kind and the model's text as event.KindOf reads them).
type Late struct {
	Turn       event.Turn
	Annotation *event.Annotation
	Err        error
}
