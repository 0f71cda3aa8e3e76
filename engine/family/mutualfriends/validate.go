package mutualfriends

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Validate checks the attributes and the two friend lists, which must
// share exactly one identical friend.
func (Family) Validate(s *scenario.Scenario, report func(path, format string, args ...any)) {
	f := ListsOf(s)
	if f == nil {
		report("mutualfriends", "is required in the mutualfriends family")
		return
	}
	if len(f.Attributes) == 0 {
		report("mutualfriends.attributes", "needs at least one attribute")
	}
	seen := map[string]bool{}
	for i, a := range f.Attributes {
		if a == "" || a == "name" || seen[a] {
			report(fmt.Sprintf("mutualfriends.attributes[%d]", i), "must be a distinct attribute other than name (got %q)", a)
		}
		seen[a] = true
	}
	for side, list := range f.Lists {
		at := fmt.Sprintf("mutualfriends.lists[%d]", side)
		if len(list) < 2 {
			report(at, "needs at least 2 friends (got %d)", len(list))
		}
		names := map[string]bool{}
		for j, fr := range list {
			fp := fmt.Sprintf("%s[%d]", at, j)
			if fr.Name == "" {
				report(fp+".name", "is required")
			} else if names[fr.Name] {
				report(fp+".name", "%q appears twice in this list", fr.Name)
			}
			names[fr.Name] = true
			for _, a := range f.Attributes {
				if fr.Values[a] == "" {
					report(fp+".values", "needs a value for %q", a)
				}
			}
			for k := range fr.Values {
				if !seen[k] {
					report(fp+".values."+k, "is not one of the attributes %v", f.Attributes)
				}
			}
		}
	}
	if n := f.MutualCount(); n != 1 {
		report("mutualfriends.lists", "must share exactly one identical friend (found %d)", n)
	}
}
