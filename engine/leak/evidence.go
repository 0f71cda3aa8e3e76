package leak

import (
	"github.com/omnigap/omnigap/engine/leak/match"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// evidence recognises what makes an environment fact deducible from the
// dialogue. For MutualFriends the mutual friend's name or any of its
// attribute values said by the partner (not negated) is evidence: after
// "one of my friends works at Acme", naming the Acme friend is a
// deduction; naming the mutual friend before the partner said anything
// about them is not.
type evidence struct {
	m    *match.Matcher
	fact []int // fact index of each evidence entry
}

// newEvidence compiles the evidence of the scenario's environment facts,
// or returns nil when there is none.
func newEvidence(sc *scenario.Scenario, facts []scenario.Fact) *evidence {
	if sc.Friends == nil {
		return nil
	}
	i, _ := sc.Friends.Mutual()
	f := indexOf(facts, mutualFriendFact)
	if i < 0 || f < 0 {
		return nil
	}
	row := sc.Friends.Lists[0][i]
	ev := &evidence{}
	var clues []scenario.Fact
	for _, v := range append([]string{row.Name}, values(row, sc.Friends.Attributes)...) {
		clues = append(clues, scenario.Fact{ID: "clue", Kind: scenario.FactValue, Phrases: []string{v}})
		ev.fact = append(ev.fact, f)
	}
	ev.m = match.Compile(withFirstNames(clues))
	return ev
}

// mutualFriendFact is the environment fact the scenario derives for the
// MutualFriends answer.
const mutualFriendFact = "mutual-friend"

func values(fr scenario.Friend, attrs []string) []string {
	var out []string
	for _, a := range attrs {
		if v := fr.Values[a]; v != "" {
			out = append(out, v)
		}
	}
	return out
}

func indexOf(facts []scenario.Fact, id string) int {
	for i, f := range facts {
		if f.ID == id {
			return i
		}
	}
	return -1
}

// deducible reports whether a view lets its holder work an environment
// fact out without the dialogue: the mutual friend is plain to whoever
// sees both friend lists.
func deducible(v view.View, f scenario.Fact) bool {
	return f.ID == mutualFriendFact && v.Seats[0].Friends != nil && v.Seats[1].Friends != nil
}
