package dealornodeal

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/scenario"
)

// ValueAttribute marks the facts carried by a side's value table.
const ValueAttribute = "value"

// numberNames spell the small values people say in words.
var numberNames = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// Derive makes each side's value for an item a fact it owns: its phrase
// is the item's name and its number the value, which the matcher binds to
// the item in the clause (engine/fact/match/items.go); the paraphrases
// are the usual wordings, for people to read. An item both sides value the same is left out: the
// partner's own value would read as this side's.
func (Family) Derive(s *scenario.Scenario) {
	d := DealOf(s)
	if d == nil {
		return
	}
	for seat := 0; seat < 2; seat++ {
		for _, it := range d.Items {
			v := d.Values[seat][it.Name]
			if v == d.Values[scenario.Partner(seat)][it.Name] {
				continue
			}
			says := []string{fmt.Sprint(v)}
			if v < len(numberNames) {
				says = append(says, numberNames[v])
			}
			var phrases []string
			for _, n := range says {
				phrases = append(phrases, it.Name+" worth "+n, it.Name+" "+n+" points", it.Name+" "+n+" point", it.Name+" value "+n)
			}
			if v == 0 {
				phrases = append(phrases, it.Name+" worthless", it.Name+" worth nothing", it.Name+" useless")
			}
			n := float64(v)
			s.Seats[seat].Facts = append(s.Seats[seat].Facts, scenario.Fact{
				ID: fmt.Sprintf("seat%d-value-%s", seat, scenario.Slug(it.Name)), Owner: scenario.Owner(seat), Kind: scenario.FactPhrase,
				Type: scenario.TypeItemValue, Attribute: ValueAttribute,
				Text:    fmt.Sprintf("Each %s is worth %d %s to %s.", it.Name, v, pointWord(v), s.FirstName(seat)),
				Phrases: []string{it.Name}, Paraphrases: phrases, Number: &n, Derived: true,
			})
		}
	}
}

func pointWord(v int) string {
	if v == 1 {
		return "point"
	}
	return "points"
}
