package dealornodeal

import (
	"fmt"
	"math/rand/v2"
	"testing"

	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// BenchmarkDealOrNoDealEpisode plays the negotiators in each mode over 64
// tables.
func BenchmarkDealOrNoDealEpisode(b *testing.B) {
	scenarios := make([]*scenario.Scenario, 64)
	r := rand.New(rand.NewPCG(1, 64))
	for i := range scenarios {
		sc := table(r, i)
		if err := sc.Check(sc.ID); err != nil {
			b.Fatal(err)
		}
		scenarios[i] = sc
	}
	builtintest.EpisodesByMode(b, scenarios)
}

// table is a table as the original game lays them out: a book, one to
// four hats and one to four balls, and each side's points for them, which
// add up to 10 for everything (the book is worth what the rest leave).
func table(r *rand.Rand, n int) *scenario.Scenario {
	d := &dond.Deal{Items: []dond.Item{{Name: "book", Count: 1}, {Name: "hat", Count: 1 + r.IntN(4)}, {Name: "ball", Count: 1 + r.IntN(4)}}}
	for side := range d.Values {
		for {
			values, points := map[string]int{}, 0
			for _, it := range d.Items[1:] {
				values[it.Name] = r.IntN(11 / it.Count)
				points += it.Count * values[it.Name]
			}
			if points <= 10 {
				values["book"] = 10 - points
				d.Values[side] = values
				break
			}
		}
	}
	goal := "Divide the items so that what you take is worth as many points to you as possible."
	return &scenario.Scenario{
		ID:           fmt.Sprintf("dealornodeal/bench-%d", n),
		Title:        "Dividing a table",
		Family:       scenario.DealOrNoDeal,
		Setting:      "Two people share some books, hats and balls and must agree how to divide them.",
		Relationship: scenario.Strangers,
		Seats: []scenario.Seat{
			{Role: "negotiator", Character: scenario.Character{Name: "Ann", Goal: goal}},
			{Role: "negotiator", Character: scenario.Character{Name: "Bo", Goal: goal}},
		},
		Data: d,
	}
}
