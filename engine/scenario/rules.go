package scenario

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Rules are a family's part of the data model: the checks of its family
// data and the facts derived from it. Each family registers its rules
// (engine/family does, for every family in engine/family/all), so this
// package knows no family by name beyond the data fields it decodes.
type Rules interface {
	// Validate checks the family data; report names fields by their YAML
	// path, such as "craigslist.buyer.target".
	Validate(s *Scenario, report func(path, format string, args ...any))
	// Derive appends the facts the family data implies, each marked
	// Derived. It runs on a scenario that passed Validate.
	Derive(s *Scenario)
	// Data names the YAML key of the family's data and says whether s
	// carries it; a family without data returns "", false.
	Data(s *Scenario) (key string, ok bool)
}

var rules = map[Family]Rules{}

// RegisterRules makes f a family a scenario may name. It is meant for
// package initialization; registering a family twice panics.
func RegisterRules(f Family, r Rules) {
	if _, dup := rules[f]; dup {
		panic(fmt.Sprintf("scenario: family %q registered twice", f))
	}
	rules[f] = r
}

// registered lists the registered families in name order.
func registered() []Family { return slices.Sorted(maps.Keys(rules)) }

// familyNames says the registered families in words: "a, b or c".
func familyNames() string {
	names := make([]string, 0, len(rules))
	for _, f := range registered() {
		names = append(names, string(f))
	}
	switch len(names) {
	case 0:
		return "a registered family (none is: import engine/family/all)"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
