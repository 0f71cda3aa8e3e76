package dealornodeal

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Validate checks the items (few enough splits to enumerate) and both
// sides' values.
func (Family) Validate(s *scenario.Scenario, report func(path, format string, args ...any)) {
	d := DealOf(s)
	if d == nil {
		report("dealornodeal", "is required in the dealornodeal family")
		return
	}
	if len(d.Items) == 0 {
		report("dealornodeal.items", "needs at least one item")
	}
	splits := 1
	seen := map[string]bool{}
	for i, it := range d.Items {
		at := fmt.Sprintf("dealornodeal.items[%d]", i)
		if name := strings.TrimSpace(it.Name); name == "" || name != strings.ToLower(name) || seen[name] {
			report(at+".name", "must be a distinct lower-case item name (got %q)", it.Name)
		}
		seen[it.Name] = true
		if it.Count < 1 || it.Count > 20 {
			report(at+".count", "must be between 1 and 20 (got %d)", it.Count)
		} else if splits *= it.Count + 1; splits > MaxSplits {
			report(at, "makes more than %d possible splits; use fewer items or smaller counts", MaxSplits)
			break
		}
	}
	for side, vals := range d.Values {
		at := fmt.Sprintf("dealornodeal.values[%d]", side)
		for _, it := range d.Items {
			if _, ok := vals[it.Name]; !ok {
				report(at, "needs a value for %s", it.Name)
			}
		}
		for name, v := range vals {
			if !seen[name] {
				report(at+"."+name, "is not an item on the table")
			} else if v < 0 || v > 100 {
				report(at+"."+name, "must be between 0 and 100 points (got %d)", v)
			}
		}
	}
}
