package main

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/view"
)

// parseModes reads a comma-separated mode list such as "script,agents".
func parseModes(s string) ([]view.Mode, error) {
	var modes []view.Mode
	seen := map[view.Mode]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(strings.ToLower(part))
		if part == "" {
			continue
		}
		m, err := view.ParseMode(part)
		if err != nil || m == view.Humans {
			return nil, fmt.Errorf("--modes: unknown mode %q (want script, agents or mindreaders)", part)
		}
		if !seen[m] {
			modes = append(modes, m)
			seen[m] = true
		}
	}
	if len(modes) == 0 {
		return nil, fmt.Errorf("--modes: name at least one of script, agents, mindreaders")
	}
	return modes, nil
}
