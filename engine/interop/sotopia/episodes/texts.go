package episodes

import (
	"context"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
)

// Texts reads the episodes of paths (Walk) for what they say of their
// scenes and characters: each distinct scenario text, goal and
// background once, however many episodes share it. An import without
// Sotopia's profiles weighs the words of what each side was told against
// them (Importer.Words): the environments and characters it imports are
// the background it has.
func Texts(ctx context.Context, paths []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		t = strings.Join(strings.Fields(t), " ")
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	err := Walk(ctx, paths, func(e *Episode) error {
		add(e.Scenario)
		for _, a := range e.Agents {
			add(a.Goal)
			add(a.Background)
		}
		return nil
	}, func(interop.Problem) {}) // the import itself names what it skips
	return out, err
}
