package scenario

import (
	"maps"
	"slices"
)

// Clone returns a deep copy: nothing the copy holds is shared with s.
func (s *Scenario) Clone() *Scenario {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	for i := range c.Seats {
		c.Seats[i].Facts = cloneFacts(s.Seats[i].Facts)
	}
	c.EnvFacts = cloneFacts(s.EnvFacts)
	c.PublicFacts = cloneFacts(s.PublicFacts)
	if s.Craigslist != nil {
		l := *s.Craigslist
		c.Craigslist = &l
	}
	if s.Friends != nil {
		f := FriendLists{Attributes: slices.Clone(s.Friends.Attributes)}
		for side, list := range s.Friends.Lists {
			f.Lists[side] = make([]Friend, len(list))
			for j, fr := range list {
				f.Lists[side][j] = Friend{Name: fr.Name, Values: maps.Clone(fr.Values)}
			}
		}
		c.Friends = &f
	}
	if s.Deal != nil {
		d := Deal{Items: slices.Clone(s.Deal.Items)}
		for side := range d.Values {
			d.Values[side] = maps.Clone(s.Deal.Values[side])
		}
		c.Deal = &d
	}
	return &c
}

func cloneFacts(fs []Fact) []Fact {
	out := slices.Clone(fs)
	for i := range out {
		out[i].Phrases = slices.Clone(fs[i].Phrases)
		out[i].Paraphrases = slices.Clone(fs[i].Paraphrases)
		out[i].Aliases = slices.Clone(fs[i].Aliases)
		if fs[i].Number != nil {
			n := *fs[i].Number
			out[i].Number = &n
		}
	}
	return out
}
