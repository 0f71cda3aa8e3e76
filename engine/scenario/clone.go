package scenario

import "slices"

// Clone returns a deep copy: nothing the copy holds is shared with s.
func (s *Scenario) Clone() *Scenario {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	for i := range c.Seats {
		c.Seats[i].Facts = cloneFacts(s.Seats[i].Facts)
	}
	c.EnvFacts = cloneFacts(s.EnvFacts)
	c.PublicFacts = cloneFacts(s.PublicFacts)
	if s.Data != nil {
		c.Data = s.Data.Clone()
	}
	c.others = nil
	for _, d := range s.others {
		c.others = append(c.others, d.Clone())
	}
	return &c
}

func cloneFacts(fs []Fact) []Fact {
	out := slices.Clone(fs)
	for i := range out {
		out[i].Phrases = slices.Clone(fs[i].Phrases)
		out[i].Paraphrases = slices.Clone(fs[i].Paraphrases)
		out[i].Together = slices.Clone(fs[i].Together)
		out[i].Aliases = slices.Clone(fs[i].Aliases)
		if fs[i].Number != nil {
			n := *fs[i].Number
			out[i].Number = &n
		}
	}
	return out
}
