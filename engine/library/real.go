package library

import (
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
)

// UseListings makes craigslist/gen-N sell the given real listings instead
// of the built-in catalogue. Call it before resolving anything.
func UseListings(listings []generate.Listing) {
	generators[string(scenario.Craigslist)] = generate.CraigslistWith(listings)
}

// UseSchema makes mutualfriends/gen-N draw from the given attributes
// instead of the built-in ones. Call it before resolving anything.
func UseSchema(attrs []generate.Attribute) {
	generators[string(scenario.MutualFriends)] = generate.MutualFriendsWith(attrs)
}
