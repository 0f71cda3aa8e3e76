package generate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/scenario"
)

// attributesPerScenario is how many columns a generated friend list has.
const attributesPerScenario = 3

// MutualFriends generates the friend-list scenario for seed, with id
// mutualfriends/gen-<seed>, after He et al. (2017): both seats get the same
// number of friends (5 to 12), each seat's values are drawn from its own
// skewed distribution, and exactly one friend appears on both lists. It is
// returned normalized.
func MutualFriends(seed int64) *scenario.Scenario {
	return mutualFriends(seed, attributes)
}

// mutualFriends builds the scenario of seed with columns drawn from pool.
func mutualFriends(seed int64, pool []attribute) *scenario.Scenario {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6d757475)) // "mutu"
	attrs := pickAttributes(rng, pool)
	n := 5 + rng.IntN(8)

	// First names are drawn without replacement for the two players and
	// every friend, so a first name alone names exactly one person.
	firsts := pick(rng, firstNames, 2+2*n-1)
	players, firsts := firsts[:2], firsts[2:]
	fullName := func(i int) string { return firsts[i] + " " + lastNames[rng.IntN(len(lastNames))] }

	var lists [2][]mf.Friend
	for side := range lists {
		dist := skewedDistribution(rng, attrs)
		for range n - 1 {
			lists[side] = append(lists[side], mf.Friend{Name: fullName(len(lists[0]) + len(lists[1])), Values: dist.draw(rng)})
		}
	}
	mutual := mf.Friend{Name: fullName(2*n - 2), Values: map[string]string{}}
	for _, a := range attrs {
		mutual.Values[a.name] = a.values[rng.IntN(len(a.values))]
	}
	for side := range lists {
		lists[side] = slices.Insert(lists[side], rng.IntN(n), mutual)
	}

	names := make([]string, len(attrs))
	for i, a := range attrs {
		names[i] = a.name
	}
	// Only the environment knows that exactly one friend is shared; the
	// seats are told to look for one.
	goal := "Find a friend you and your partner both have, and select them. Your friend list is in front of you; your partner has a different list."
	sc := &scenario.Scenario{
		ID:           fmt.Sprintf("mutualfriends/gen-%d", seed),
		Title:        "Who do we both know?",
		Family:       scenario.MutualFriends,
		Setting:      fmt.Sprintf("%s and %s each have a list of %d friends, described by %s. They chat to find a friend they have in common.", players[0], players[1], n, joinAnd(names)),
		Relationship: scenario.Strangers,
		MaxTurns:     scenario.DefaultMaxTurns,
		Seats: []scenario.Seat{
			{Role: "player", Character: scenario.Character{Name: players[0], Public: "Playing the mutual friends game.", Goal: goal}},
			{Role: "player", Character: scenario.Character{Name: players[1], Public: "Playing the mutual friends game.", Goal: goal}},
		},
		Data: &mf.FriendLists{Attributes: names, Lists: lists},
	}
	sc.Normalize()
	return sc
}

// pickAttributes draws the scenario's columns, kept in catalogue order so
// lists read the same way every time.
func pickAttributes(rng *rand.Rand, pool []attribute) []attribute {
	idx := rng.Perm(len(pool))[:attributesPerScenario]
	slices.Sort(idx)
	out := make([]attribute, len(idx))
	for i, k := range idx {
		out[i] = pool[k]
	}
	return out
}

// distribution is one seat's taste in friends: per attribute, a few values
// with uneven weights, so the two lists differ in what is common.
type distribution struct {
	attrs   []attribute
	values  [][]string
	weights [][]float64
}

func skewedDistribution(rng *rand.Rand, attrs []attribute) distribution {
	d := distribution{attrs: attrs}
	for _, a := range attrs {
		k := min(len(a.values), 3+rng.IntN(6))
		vals := pick(rng, a.values, k)
		ws := make([]float64, k)
		for i := range ws {
			// Squaring a uniform draw lets a few values dominate.
			ws[i] = math.Pow(rng.Float64(), 2) + 0.05
		}
		d.values = append(d.values, vals)
		d.weights = append(d.weights, ws)
	}
	return d
}

func (d distribution) draw(rng *rand.Rand) map[string]string {
	row := make(map[string]string, len(d.attrs))
	for i, a := range d.attrs {
		total := 0.0
		for _, w := range d.weights[i] {
			total += w
		}
		x := rng.Float64() * total
		j := 0
		for ; j < len(d.weights[i])-1 && x >= d.weights[i][j]; j++ {
			x -= d.weights[i][j]
		}
		row[a.name] = d.values[i][j]
	}
	return row
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	out := xs[0]
	for _, x := range xs[1 : len(xs)-1] {
		out += ", " + x
	}
	return out + " and " + xs[len(xs)-1]
}
