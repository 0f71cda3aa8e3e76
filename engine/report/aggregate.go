package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	_ "github.com/omnigap/omnigap/engine/family/all" // every family's rows
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Measure is one row of the report: a metric, how to label it, and
// whether it is a rate (0 or 1 per episode, with a Wilson interval).
type Measure struct {
	Key   string
	Label string
	Rate  bool
	// Max is the top of the bar charts' scale; 0 scales to the data.
	Max float64
	// Num and Den, when set, make the row a pooled ratio of two metrics
	// summed over the episodes rather than a mean of one.
	Num, Den string
}

// Measures are the report's rows, in order. Rows no episode has are left
// out of every output.
// The families' own rows follow the goal completion, families in name
// order (engine/family/all is imported so that every family is registered
// before this list is made).
var Measures = slices.Concat([]Measure{
	{Key: metrics.GoalCompletion, Label: "goal completion (0-10)", Max: 10},
	{Key: metrics.GoalCompletionSeat0, Label: "goal completion, seat 0", Max: 10},
	{Key: metrics.GoalCompletionSeat1, Label: "goal completion, seat 1", Max: 10},
}, familyMeasures(), []Measure{
	{Key: metrics.Messages, Label: "messages per dialogue"},
	{Key: metrics.WordsPerTurn, Label: "words per turn"},
	{Key: "words_per_message", Label: "words per message (pooled)", Num: metrics.Words, Den: metrics.Messages},
	{Key: metrics.Turns, Label: "turns"},
}, annotationMeasures(), checkMeasures(), []Measure{
	{Key: metrics.TokensPrompt, Label: "prompt tokens"},
	{Key: metrics.TokensCompletion, Label: "completion tokens"},
	{Key: metrics.TokensCached, Label: "cached prompt tokens"},
	{Key: metrics.CacheHits, Label: "replies from --cache"},
}, judgeMeasures())

// annotationMeasures are the rows of the annotation kinds that have one.
func annotationMeasures() []Measure {
	var out []Measure
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, Measure{Key: k.Metric, Label: k.Row})
		}
	}
	return out
}

// checkMeasures are the rows of the model's leak check, counted apart
// from the rules'.
func checkMeasures() []Measure {
	var out []Measure
	for _, k := range event.Kinds {
		if k.Row != "" && (k.Unknown || k.Kind == event.Disclosure) {
			out = append(out, Measure{Key: metrics.CheckKey(k.Metric), Label: "model check: " + k.Row})
		}
	}
	return append(out, Measure{Key: metrics.CheckFailed, Label: "model checks failed per episode"},
		Measure{Key: metrics.CheckCutOff, Label: "model checks cut off per episode"})
}

// familyMeasures are the rows of every family's outcome metrics.
func familyMeasures() []Measure {
	var out []Measure
	for _, f := range family.All() {
		for _, m := range f.Measures() {
			out = append(out, Measure{Key: m.Key, Label: m.Label, Rate: m.Rate, Max: m.Max})
		}
	}
	return out
}

// judgeMeasures are the rows of an LLM judge's scores (both seats' mean).
func judgeMeasures() []Measure {
	var out []Measure
	for _, d := range metrics.JudgeDimensions {
		out = append(out, Measure{Key: metrics.JudgeKey(d.Key), Label: fmt.Sprintf("judge %s (%g..%g)", strings.ReplaceAll(d.Key, "_", " "), d.Min, d.Max)})
	}
	return append(out, Measure{Key: metrics.JudgeKey("overall"), Label: "judge overall (mean)"})
}

// Group is the aggregate of one family and mode (and, in a report grouped
// by more, one value of each further dimension: Split). Stats holds one
// entry per measure that applies to at least one episode.
type Group struct {
	Family scenario.Family `json:"family"`
	Split
	Mode      view.Mode       `json:"mode"`
	Episodes  int             `json:"episodes"`
	Ended     int             `json:"ended"`
	Completed int             `json:"completed"`
	Stats     map[string]Stat `json:"stats"`
	// Failures counts error events and failed judge calls per kind.
	Failures map[event.FailureKind]int `json:"failures"`
}

// Report is every group, families in name order and the groups of a
// family in column order (modes in display order), and the paired
// differences between modes, and between groups when the report is
// grouped by more (By).
type Report struct {
	// By is the grouping beyond family and mode, in column order
	// (ParseDims); empty for the default grouping.
	By     []Dim    `json:"by,omitempty"`
	Groups []Group  `json:"groups"`
	Paired []Paired `json:"paired,omitempty"`
	// Agreement is how the rules and the model's leak check agree, per
	// kind, over the recordings the model checked.
	Agreement []Agreement `json:"agreement,omitempty"`
}

// Aggregate groups episodes by family and mode.
func Aggregate(eps []Episode) Report {
	var a Aggregator
	for _, ep := range eps {
		a.Add(ep)
	}
	return a.Report()
}

// Summarize aggregates episodes as one group (Family and Mode unset).
func Summarize(eps []Episode) Group {
	var t Tally
	for _, ep := range eps {
		t.Add(ep)
	}
	return t.Group()
}

// modeRank orders modes as view.Modes does, then HUMANS and PEOPLE, and
// unknown ones last.
func modeRank(m view.Mode) int {
	if i := slices.Index(view.Modes, m); i >= 0 {
		return i
	}
	switch m {
	case view.Humans:
		return len(view.Modes)
	case view.People:
		return len(view.Modes) + 1
	}
	return len(view.Modes) + 2
}

// families lists the report's families in order.
func (r Report) families() []scenario.Family {
	var out []scenario.Family
	for _, g := range r.Groups {
		if !slices.Contains(out, g.Family) {
			out = append(out, g.Family)
		}
	}
	return out
}

// of returns the groups of one family.
func (r Report) of(f scenario.Family) []Group {
	var out []Group
	for _, g := range r.Groups {
		if g.Family == f {
			out = append(out, g)
		}
	}
	return out
}

// measuresOf lists the measures with data in any of the groups.
func measuresOf(gs []Group) []Measure {
	var out []Measure
	for _, m := range Measures {
		for _, g := range gs {
			if _, ok := g.Stats[m.Key]; ok {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
