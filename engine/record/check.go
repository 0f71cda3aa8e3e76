package record

import (
	"fmt"
	"slices"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// check validates the header fields the readers rely on beyond the
// scenario: the mode, and names (backends, run, player) short enough to
// show.
func (h *Header) check() error {
	if !slices.Contains(view.Modes, h.Mode) && h.Mode != view.Humans {
		return fmt.Errorf("mode: must be script, agents, mindreaders or humans (got %q)", clip(string(h.Mode)))
	}
	for i, b := range h.Backends {
		if len(b) > maxNameBytes {
			return fmt.Errorf("backends[%d]: longer than %d bytes", i, maxNameBytes)
		}
	}
	if len(h.RunID) > maxNameBytes {
		return fmt.Errorf("run: longer than %d bytes", maxNameBytes)
	}
	if len(h.Player) > maxNameBytes {
		return fmt.Errorf("player: longer than %d bytes", maxNameBytes)
	}
	if h.Person != event.PersonSeesAll && h.Person != event.PersonSeesOwn {
		return fmt.Errorf("person: must be %q or absent (got %q)", event.PersonSeesOwn, clip(string(h.Person)))
	}
	if h.Rules < 0 || h.Rules > event.AnnotationRules {
		return fmt.Errorf("rules: annotation rules %d are not known (this omnigap has up to %d)", h.Rules, event.AnnotationRules)
	}
	if h.Source != nil {
		return h.Source.check()
	}
	return nil
}

// maxNameBytes caps names (run id, backends) that front ends print whole.
const maxNameBytes = 256

// checkEvent validates the numbers of an event that front ends use as
// indexes: the seat and the turn, which must lie within the scenario's
// turn limit.
func (rec *Recording) checkEvent(ev event.Event) error {
	if ev.Seat < -1 || ev.Seat > 1 {
		return fmt.Errorf("seat: must be 0, 1 or -1 for the run as a whole (got %d)", ev.Seat)
	}
	turnEvent := ev.Kind == event.TurnStarted || ev.Kind == event.Delta || ev.Kind == event.TurnCompleted
	if turnEvent && ev.Seat == -1 {
		return fmt.Errorf("seat: a turn's events need seat 0 or 1")
	}
	limit := rec.Header.Scenario.MaxTurns
	if ev.Turn < 0 || ev.Turn > limit {
		return fmt.Errorf("turn: must be between 0 and the scenario's max_turns %d (got %d)", limit, ev.Turn)
	}
	if ev.Kind == event.TurnCompleted && ev.Action == nil {
		return fmt.Errorf("action: missing from a completed turn")
	}
	if ev.Ending != nil && (ev.Ending.Turns < 0 || ev.Ending.Turns > limit) {
		return fmt.Errorf("ending.turns: must be between 0 and the scenario's max_turns %d (got %d)", limit, ev.Ending.Turns)
	}
	return nil
}

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
