package scenario

import "strings"

// Normalize fills defaults, sets each fact's owner from where it is listed,
// and (re)derives the family facts (the family's Rules.Derive). It is idempotent,
// so a scenario read back from a recording normalizes to the same facts.
func (s *Scenario) Normalize() {
	if s.MaxTurns == 0 {
		s.MaxTurns = DefaultMaxTurns
	}
	for i := range s.Seats {
		s.Seats[i].Facts = withOwner(authored(s.Seats[i].Facts), Owner(i))
	}
	s.EnvFacts = withOwner(authored(s.EnvFacts), OwnerEnv)
	s.PublicFacts = withOwner(authored(s.PublicFacts), OwnerPublic)
	if len(s.Seats) != 2 {
		return
	}
	if r := rules[s.Family]; r != nil {
		r.Derive(s)
	}
	for i := range s.Seats {
		typed(s.Seats[i].Facts)
	}
	typed(s.EnvFacts)
}

// typed gives every fact its type, derived ones included.
func typed(fs []Fact) {
	for i := range fs {
		fs[i].Type = fs[i].TypeOf()
	}
}

func authored(fs []Fact) []Fact {
	out := fs[:0:0]
	for _, f := range fs {
		if !f.Derived {
			out = append(out, f)
		}
	}
	return out
}

func withOwner(fs []Fact, o Owner) []Fact {
	for i := range fs {
		fs[i].Owner = o
		fs[i].Type = fs[i].TypeOf()
	}
	return fs
}

// FirstName is how fact texts call a seat's character: its first name,
// or its role when it has no name.
func (s *Scenario) FirstName(seat int) string {
	if f := strings.Fields(s.Seats[seat].Character.Name); len(f) > 0 {
		return f[0]
	}
	return s.Seats[seat].Role
}

// Slug is v in lower case with every run of other characters one dash,
// for ids and file names.
func Slug(v string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(v) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
