package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/view"
)

// Dim is a recorded dimension the report can group episodes by.
type Dim string

const (
	ByStudy    Dim = "study"    // the study (a run's folder, its shards together) an episode belongs to
	ByModel    Dim = "model"    // what played the seats (the recording's backends)
	ByScenario Dim = "scenario" // the scenario's id
	ByFamily   Dim = "family"
	ByMode     Dim = "mode"
	// ByPrompt is the SCRIPT writer's instruction a model run was given
	// (record.Header.WriterPrompt); none for the built-in engine.
	ByPrompt Dim = "prompt"
)

// Dims are the dimensions, in the order --by lists them.
var Dims = []Dim{ByStudy, ByModel, ByPrompt, ByScenario, ByFamily, ByMode}

// ParseDims reads --by values (each may hold several, comma-separated)
// into the order of the report's columns: the dimensions as given, mode
// last unless given. Family always splits the report into tables and mode
// always stays a column, so naming them only places them.
func ParseDims(values []string) ([]Dim, error) {
	var out []Dim
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			d := Dim(strings.TrimSpace(part))
			if !slices.Contains(Dims, d) {
				return nil, fmt.Errorf("--by %s: want study, model, prompt, scenario, family or mode (comma-separated, or --by again)", part)
			}
			if d != ByFamily && !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	if len(out) > 0 && !slices.Contains(out, ByMode) {
		out = append(out, ByMode)
	}
	if slices.Equal(out, []Dim{ByMode}) {
		return nil, nil
	}
	return out, nil
}

// Split is an episode's or a group's value of each dimension beyond
// family and mode that the report groups by; the others are empty.
type Split struct {
	Study    string `json:"study,omitempty"`
	Model    string `json:"model,omitempty"`
	Scenario string `json:"scenario,omitempty"`
	Prompt   string `json:"prompt,omitempty"`
}

// of returns the value of one of its dimensions.
func (s Split) of(d Dim) string {
	switch d {
	case ByStudy:
		return s.Study
	case ByModel:
		return s.Model
	case ByScenario:
		return s.Scenario
	case ByPrompt:
		return s.Prompt
	}
	return ""
}

// with returns s with dimension d set to v.
func (s Split) with(d Dim, v string) Split {
	switch d {
	case ByStudy:
		s.Study = v
	case ByModel:
		s.Model = v
	case ByScenario:
		s.Scenario = v
	case ByPrompt:
		s.Prompt = v
	}
	return s
}

// splitOf is an episode's split under the grouping by.
func splitOf(ep Episode, by []Dim) Split {
	var s Split
	for _, d := range by {
		s = s.with(d, map[Dim]string{ByStudy: ep.Study, ByModel: ep.Model, ByScenario: ep.Scenario, ByPrompt: ep.Prompt}[d])
	}
	return s
}

// splitDims are the dimensions of by beyond mode.
func splitDims(by []Dim) []Dim {
	return slices.DeleteFunc(slices.Clone(by), func(d Dim) bool { return d == ByMode })
}

// columnOrder compares two groups of one family in the order of by (mode
// by its display rank where by does not name it).
func columnOrder(by []Dim, x, y Group) int {
	for _, d := range by {
		if d == ByMode {
			if c := modeRank(x.Mode) - modeRank(y.Mode); c != 0 {
				return c
			}
			continue
		}
		if c := strings.Compare(x.Split.of(d), y.Split.of(d)); c != 0 {
			return c
		}
	}
	return modeRank(x.Mode) - modeRank(y.Mode)
}

// heads are a column's headings, one per dimension of by (the mode's
// label alone when the report has no grouping of its own).
func heads(by []Dim, s Split, mode view.Mode) []string {
	if len(by) == 0 {
		return []string{clean(mode.Label())}
	}
	out := make([]string, len(by))
	for i, d := range by {
		if d == ByMode {
			out[i] = clean(mode.Label())
			continue
		}
		out[i] = orNone(clean(s.of(d)))
	}
	return out
}

// orNone names an empty value: an episode without that dimension (a
// loose recording has no study; a HUMANS transcript no model).
func orNone(v string) string {
	if v == "" {
		return "(none)"
	}
	return v
}

// Label is the split's values in the dimensions by, joined: what heads a
// column of a report grouped by them (the HTML page's).
func (s Split) Label(by []Dim) string { return s.label(by) }

// label is the split's values joined, for a legend or a bar.
func (s Split) label(by []Dim) string {
	var parts []string
	for _, d := range splitDims(by) {
		parts = append(parts, orNone(clean(s.of(d))))
	}
	return strings.Join(parts, " / ")
}
