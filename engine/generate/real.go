package generate

import (
	"math/rand/v2"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Listing is a real item for sale (cocoa's scraped Craigslist listings).
type Listing struct {
	Category, Title, Description string
	Price                        float64
}

// MinListingPrice is the lowest listing price a generated negotiation can
// use: below it the four private prices cannot be a dollar apart.
const MinListingPrice = 20

// CraigslistWith returns a Craigslist generator that sells real listings
// at their own prices instead of the built-in catalogue. listings must
// hold at least one listing priced at MinListingPrice or more.
func CraigslistWith(listings []Listing) func(int64) *scenario.Scenario {
	return func(seed int64) *scenario.Scenario {
		return craigslist(seed, func(rng *rand.Rand) (item, float64) {
			l := listings[rng.IntN(len(listings))]
			return item{category: l.Category, title: l.Title, description: l.Description}, roundNice(l.Price)
		})
	}
}

// Attribute is a MutualFriends column and the values it takes (cocoa's
// MutualFriends schema).
type Attribute struct {
	Name   string
	Values []string
}

// MutualFriendsWith returns a MutualFriends generator that draws its
// columns and values from attrs (at least three attributes with two values
// each). A value that is whole words of another value is left out, so a
// value said in a sentence points at one column.
func MutualFriendsWith(attrs []Attribute) func(int64) *scenario.Scenario {
	pool := make([]attribute, 0, len(attrs))
	for _, a := range distinctValues(attrs) {
		pool = append(pool, attribute{name: a.Name, values: a.Values})
	}
	return func(seed int64) *scenario.Scenario { return mutualFriends(seed, pool) }
}

// distinctValues drops every value whose words appear, in a row, in a
// longer value ("Reed" beside "Reed College"), and repeats.
func distinctValues(attrs []Attribute) []Attribute {
	all := map[string]bool{}
	for _, a := range attrs {
		for _, v := range a.Values {
			all[strings.ToLower(v)] = true
		}
	}
	inside := map[string]bool{}
	for v := range all {
		w := strings.Fields(v)
		for i := range w {
			for j := i + 1; j <= len(w); j++ {
				if sub := strings.Join(w[i:j], " "); sub != v && all[sub] {
					inside[sub] = true
				}
			}
		}
	}
	out := make([]Attribute, 0, len(attrs))
	for _, a := range attrs {
		seen := map[string]bool{}
		kept := Attribute{Name: a.Name}
		for _, v := range a.Values {
			if low := strings.ToLower(v); !inside[low] && !seen[low] {
				seen[low] = true
				kept.Values = append(kept.Values, v)
			}
		}
		out = append(out, kept)
	}
	return out
}
