package leak

import (
	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Evidenced is family data (scenario.Data) whose environment facts the
// dialogue or a view can give away. For MutualFriends the mutual friend's
// name or any of its attribute values said by the partner (not negated)
// is evidence: after "one of my friends works at Acme", naming the Acme
// friend is a deduction; naming the mutual friend before the partner said
// anything about them is not.
type Evidenced interface {
	// Clues are what, said by a seat's partner, lets the seat work the
	// environment fact out; nil when nothing does.
	Clues(f scenario.Fact) []string
	// Deducible reports whether a view lets its holder work the fact out
	// without the dialogue: the mutual friend is plain to whoever sees
	// both friend lists.
	Deducible(v view.View, f scenario.Fact) bool
}

// evidence recognises what makes an environment fact deducible from the
// dialogue (Evidenced.Clues).
type evidence struct {
	m    *match.Matcher
	fact []int // fact index of each evidence entry
}

// newEvidence compiles the evidence of the scenario's environment facts,
// or returns nil when there is none.
func newEvidence(sc *scenario.Scenario, facts []scenario.Fact) *evidence {
	data, ok := sc.Data.(Evidenced)
	if !ok {
		return nil
	}
	ev := &evidence{}
	var clues []scenario.Fact
	for f, fact := range facts {
		for _, v := range data.Clues(fact) {
			clues = append(clues, scenario.Fact{ID: "clue", Kind: scenario.FactValue, Phrases: []string{v}})
			ev.fact = append(ev.fact, f)
		}
	}
	if len(clues) == 0 {
		return nil
	}
	ev.m = match.Compile(derive.WithFirstNames(clues))
	return ev
}

// deducible reports whether a view lets its holder work an environment
// fact out without the dialogue (Evidenced.Deducible).
func deducible(sc *scenario.Scenario, v view.View, f scenario.Fact) bool {
	data, ok := sc.Data.(Evidenced)
	return ok && data.Deducible(v, f)
}
