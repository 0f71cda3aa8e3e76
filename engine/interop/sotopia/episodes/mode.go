package episodes

import (
	"strings"

	"github.com/omnigap/omnigap/engine/view"
)

// ModeOf is the mode a tag names, read from its words (split at "_" and
// "-"): "script" is SCRIPT (one omniscient model wrote both sides, as
// Sotopia's own tags say), "mindreaders" MINDREADERS and "humans" HUMANS
// (omnigap's export tags its runs omnigap-script and the like); anything
// else is AGENTS.
func ModeOf(tag string) view.Mode {
	words := strings.FieldsFunc(strings.ToLower(tag), func(r rune) bool { return r == '_' || r == '-' })
	for _, w := range words {
		switch w {
		case "script":
			return view.Script
		case "mindreaders":
			return view.Mindreaders
		case "humans":
			return view.Humans
		}
	}
	return view.Agents
}
