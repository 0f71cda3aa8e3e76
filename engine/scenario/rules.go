package scenario

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Rules are a family's part of the data model: its data's section, the
// checks of its data and the facts derived from it. Each family registers
// its rules (engine/family does, for every family in engine/family/all),
// so this package knows no family's rules and no family's data.
type Rules interface {
	// Section says how the family's data is written; a zero Section for a
	// family without data.
	Section() Section
	// Validate checks the family data; report names fields by their YAML
	// path, such as "craigslist.buyer.target".
	Validate(s *Scenario, report func(path, format string, args ...any))
	// Derive appends the facts the family data implies, each marked
	// Derived. It runs on a scenario that passed Validate.
	Derive(s *Scenario)
}

var rules = map[Family]Rules{}

// RegisterRules makes f a family a scenario may name, and its data
// readable. It is meant for package initialization; registering a family
// twice panics.
func RegisterRules(f Family, r Rules) {
	if _, dup := rules[f]; dup {
		panic(fmt.Sprintf("scenario: family %q registered twice", f))
	}
	rules[f] = r
	if s := r.Section(); s.Key != "" {
		registerSection(f, s)
	}
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
