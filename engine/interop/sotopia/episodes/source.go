package episodes

import (
	"path/filepath"
	"slices"

	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// sourceOf names where the episode came from, for its recording's
// header: the form, the file as the import was given it, the episode's
// id, its tag, models and agents as given, with notes.
func sourceOf(e *Episode, notes []string) *record.Source {
	return &record.Source{Format: origin.FormatPrefix + string(e.Form), File: textsafe.Line(filepath.Clean(e.At.File)),
		Episode: e.PK, Tag: e.Tag, Models: slices.Clone(e.Models), Agents: []string{e.Agents[0].Name, e.Agents[1].Name}, Notes: notes}
}
