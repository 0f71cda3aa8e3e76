package family

import (
	"slices"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// WordReader is a family whose outcome a rule can read from the words of
// a dialogue played without the family's moves (one recorded elsewhere,
// in words only).
type WordReader interface {
	// ReadWords reads the outcome of the turns, naming the rule that
	// read it in the outcome's Reading.
	ReadWords(sc *scenario.Scenario, turns []Turn) event.Outcome
}

// ReadWords is the outcome of a dialogue whose turns make none of the
// family's moves: read from the words by the family's rule (WordReader),
// or, for a family whose rules read moves only, an outcome that says
// why its measures are not measured. Nil when the turns make a move of
// the family's own, which its referee reads, or the family settles
// nothing (free-form scenarios).
func ReadWords(sc *scenario.Scenario, turns []Turn) *event.Outcome {
	f := Of(sc.Family)
	if f == nil || len(f.Measures()) == 0 {
		return nil
	}
	for _, t := range turns {
		if slices.ContainsFunc(f.Moves(), func(m Move) bool { return m.Type == t.Action.Type }) {
			return nil
		}
	}
	if r, ok := f.(WordReader); ok {
		o := r.ReadWords(sc, turns)
		return &o
	}
	return &event.Outcome{Reading: &event.Reading{NotMeasured: "the " + string(sc.Family) + " rule cannot read the outcome from free text"}}
}
