package mutualfriends

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
)

// MutualFriendFact is the id of the environment fact naming the mutual
// friend.
const MutualFriendFact = "mutual-friend"

// Derive makes one owned fact per name or attribute value that a seat's
// list has and the partner's list lacks, plus the environment-only mutual
// friend.
func (Family) Derive(s *scenario.Scenario) {
	f := ListsOf(s)
	if f == nil {
		return
	}
	for seat := 0; seat < 2; seat++ {
		theirs := valueSet(f.Lists[scenario.Partner(seat)], f.Attributes)
		mine := valueSet(f.Lists[seat], f.Attributes)
		partnerReads := ownText(s, scenario.Partner(seat))
		for _, attr := range append([]string{"name"}, f.Attributes...) {
			for _, v := range mine[attr] {
				// A value the partner reads anyway, whole or inside a longer
				// one ("John" in "John Carroll University"), is not this
				// side's to disclose.
				if slices.Contains(theirs[attr], v) || hasWords(partnerReads, v) {
					continue
				}
				s.Seats[seat].Facts = append(s.Seats[seat].Facts, scenario.Fact{
					ID: fmt.Sprintf("seat%d-%s-%s", seat, attr, scenario.Slug(v)), Owner: scenario.Owner(seat),
					Kind: kindOf(attr), Attribute: attr, Phrases: []string{v},
					Text: fmt.Sprintf("%s knows someone with %s %s; %s knows no one with it.", s.FirstName(seat), attr, v, s.FirstName(scenario.Partner(seat))), Derived: true,
				})
			}
		}
	}
	i, _ := f.Mutual()
	if i < 0 {
		return
	}
	m := f.Lists[0][i]
	s.EnvFacts = append(s.EnvFacts, scenario.Fact{
		ID: MutualFriendFact, Owner: scenario.OwnerEnv, Kind: scenario.FactName, Phrases: []string{m.Name},
		Aliases: nameAliases(m.Name), Text: "The mutual friend is " + m.Name + ".", Derived: true,
	})
}

// ownText is everything a seat reads about itself and the scene, lowered:
// the setting, its character and its friend list.
func ownText(s *scenario.Scenario, seat int) string {
	c := s.Seats[seat].Character
	parts := []string{s.Setting, c.Name, c.Public, c.Personality, c.Secret, c.Goal}
	for _, fr := range ListsOf(s).Lists[seat] {
		parts = append(parts, fr.Name)
		for _, v := range fr.Values {
			parts = append(parts, v)
		}
	}
	return strings.ToLower(strings.Join(parts, "\n"))
}

// hasWords reports whether text (lowered) holds v as whole words.
func hasWords(text, v string) bool {
	v = strings.ToLower(v)
	for i := 0; ; {
		j := strings.Index(text[i:], v)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(v)
		if (start == 0 || !isWordByte(text[start-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = start + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

func kindOf(attr string) scenario.FactKind {
	if attr == "name" {
		return scenario.FactName
	}
	return scenario.FactValue
}

// nameAliases lets a first name alone refer to a full name.
func nameAliases(name string) []string {
	if parts := strings.Fields(name); len(parts) > 1 {
		return []string{parts[0]}
	}
	return nil
}

// valueSet lists the distinct values per attribute ("name" included), in
// first-seen order.
func valueSet(list []Friend, attrs []string) map[string][]string {
	out := map[string][]string{}
	for _, fr := range list {
		if !slices.Contains(out["name"], fr.Name) {
			out["name"] = append(out["name"], fr.Name)
		}
		for _, a := range attrs {
			if v := fr.Values[a]; !slices.Contains(out[a], v) {
				out[a] = append(out[a], v)
			}
		}
	}
	return out
}
