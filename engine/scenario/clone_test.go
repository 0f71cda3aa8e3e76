package scenario

import (
	"os"
	"reflect"
	"testing"
)

func TestCloneSharesNothing(t *testing.T) {
	for _, name := range []string{"craigslist-road-bike.yaml", "mutualfriends-alumni-mixer.yaml", "sotopia-team-lead.yaml"} {
		data, err := os.ReadFile("../../scenarios/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		c := sc.Clone()
		if !reflect.DeepEqual(sc, c) {
			t.Fatalf("%s: the clone differs", name)
		}
		// Change everything reachable in the clone; the original must not move.
		c.Seats[0].Character.Name = "X"
		for _, fs := range [][]Fact{c.Seats[0].Facts, c.Seats[1].Facts, c.EnvFacts, c.PublicFacts} {
			for i := range fs {
				fs[i].ID = "x"
				if len(fs[i].Phrases) > 0 {
					fs[i].Phrases[0] = "x"
				}
				if fs[i].Number != nil {
					*fs[i].Number = -1
				}
			}
		}
		if c.Craigslist != nil {
			c.Craigslist.Seller.Target = -1
		}
		if c.Friends != nil {
			c.Friends.Attributes[0] = "x"
			c.Friends.Lists[0][0].Values[c.Friends.Attributes[1]] = "x"
		}
		again, _ := Parse(name, data)
		if !reflect.DeepEqual(sc, again) {
			t.Fatalf("%s: changing the clone changed the original", name)
		}
	}
}
