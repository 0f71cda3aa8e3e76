package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
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
	// Range is what one episode's value can be, when the report knows it
	// (rates are 0..1 without it): every interval is clipped to it
	// (clip). The zero Range is unknown.
	Range Range
	// Num and Den, when set, make the row a pooled ratio of two metrics
	// summed over the episodes rather than a mean of one.
	Num, Den string
}

// Range is the interval of values a measure can take; an open end is
// infinite.
type Range struct{ Lo, Hi float64 }

// atLeastZero is the range of counts, lengths and sizes.
var atLeastZero = Range{0, math.Inf(1)}

// The goal-completion rows are named by who scored them: the family's
// rule (goalRuleLabel) or an LLM judge (goalJudgeLabel). The two are
// never one row, and the headline pools each over the families that
// have it.
const (
	goalRuleLabel  = "goal completion (rule, 0-10)"
	goalJudgeLabel = "goal completion (judge, 0-10)"
)

// JudgeGoal is the metric of the judge's goal completion: its goal
// score, averaged over both seats.
var JudgeGoal = metrics.JudgeKey("goal")

// Measures are the report's rows, in order. Rows no episode has are left
// out of every output.
// The families' own rows follow the goal completion, families in name
// order: the list is made at its first use, when the program has
// registered its families (the binary imports engine/family/all).
func Measures() []Measure { return measures() }

var measures = sync.OnceValue(func() []Measure {
	return slices.Concat([]Measure{
		{Key: metrics.GoalCompletion, Label: goalRuleLabel, Max: 10, Range: Range{0, 10}},
		{Key: metrics.GoalCompletionSeat0, Label: "goal completion (rule), seat 0", Max: 10, Range: Range{0, 10}},
		{Key: metrics.GoalCompletionSeat1, Label: "goal completion (rule), seat 1", Max: 10, Range: Range{0, 10}},
		{Key: JudgeGoal, Label: goalJudgeLabel, Max: 10, Range: judgeRange("goal")},
	}, familyMeasures(), []Measure{
		{Key: metrics.Messages, Label: "messages per dialogue", Range: atLeastZero},
		{Key: metrics.WordsPerTurn, Label: "words per turn", Range: atLeastZero},
		{Key: "words_per_message", Label: "words per message (pooled)", Num: metrics.Words, Den: metrics.Messages, Range: atLeastZero},
		{Key: metrics.Turns, Label: "turns", Range: atLeastZero},
	}, annotationMeasures(), goalMeasures(), checkMeasures(), []Measure{
		{Key: metrics.TokensPrompt, Label: "prompt tokens", Range: atLeastZero},
		{Key: metrics.TokensCompletion, Label: "completion tokens", Range: atLeastZero},
		{Key: metrics.TokensCached, Label: "cached prompt tokens", Range: atLeastZero},
		{Key: metrics.CacheHits, Label: "replies from --cache", Range: atLeastZero},
	}, judgeMeasures(), importedJudgeMeasures())
})

// measure is the row of a metric (one named by its key when the report
// has no row of it).
func measure(key string) Measure {
	for _, m := range Measures() {
		if m.Key == key {
			return m
		}
	}
	return Measure{Key: key, Label: key}
}

// annotationMeasures are the rows of the annotation kinds that have one.
func annotationMeasures() []Measure {
	var out []Measure
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, Measure{Key: k.Metric, Label: k.Row, Range: atLeastZero})
		}
	}
	return out
}

// goalMeasures are the rows of the annotations of sides' goals, counted
// apart from what sides were told (metrics.GoalKey).
func goalMeasures() []Measure {
	var out []Measure
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, Measure{Key: metrics.GoalKey(k.Metric), Label: "goals: " + k.Row, Range: atLeastZero})
		}
	}
	return out
}

// familyRanges are the ranges of family measures that are not rates,
// where the report knows them: a relative position lies in 0..1. Other
// family measures get their low end cut at 0 when no value is negative
// (moments.meanCI).
var familyRanges = map[string]Range{metrics.FirstMentionPos: {0, 1}}

// checkMeasures are the rows of the model's leak check, counted apart
// from the rules'.
func checkMeasures() []Measure {
	var out []Measure
	for _, k := range event.Kinds {
		if k.Row != "" && (k.Unknown || k.Kind == event.Disclosure) {
			out = append(out, Measure{Key: metrics.CheckKey(k.Metric), Label: "model check: " + k.Row, Range: atLeastZero})
		}
	}
	return append(out, Measure{Key: metrics.CheckFailed, Label: "model checks failed per episode", Range: atLeastZero},
		Measure{Key: metrics.CheckCutOff, Label: "model checks cut off per episode", Range: atLeastZero})
}

// familyMeasures are the rows of every family's outcome metrics.
func familyMeasures() []Measure {
	var out []Measure
	for _, f := range family.All() {
		for _, m := range f.Measures() {
			out = append(out, Measure{Key: m.Key, Label: m.Label, Rate: m.Rate, Max: m.Max, Range: familyRanges[m.Key]})
		}
	}
	return out
}

// judgeMeasures are the rows of an LLM judge's scores (both seats' mean)
// other than its goal score, which is goal completion (judge).
func judgeMeasures() []Measure {
	var out []Measure
	for _, d := range metrics.JudgeDimensions {
		if metrics.JudgeKey(d.Key) == JudgeGoal {
			continue
		}
		out = append(out, Measure{Key: metrics.JudgeKey(d.Key), Label: fmt.Sprintf("judge %s (%g..%g)", strings.ReplaceAll(d.Key, "_", " "), d.Min, d.Max),
			Range: judgeRange(d.Key)})
	}
	return append(out, Measure{Key: metrics.JudgeKey("overall"), Label: "judge overall (mean)", Range: judgeRange("overall")})
}

// dimensionMeasures are the rows of both judges' dimensions, each
// judge's goal score included.
func dimensionMeasures() []Measure {
	var out []Measure
	for _, m := range Measures() {
		if strings.HasPrefix(m.Key, metrics.JudgeKey("")) || strings.HasPrefix(m.Key, metrics.ImportedJudgeKey("")) {
			out = append(out, m)
		}
	}
	return out
}

// judgeRange is the range of a judge dimension, or of the overall mean
// of the seven ("overall"): from the mean of their lows to the mean of
// their highs.
func judgeRange(dim string) Range {
	var r Range
	for _, d := range metrics.JudgeDimensions {
		if d.Key == dim {
			return Range{d.Min, d.Max}
		}
		r.Lo += d.Min / float64(len(metrics.JudgeDimensions))
		r.Hi += d.Max / float64(len(metrics.JudgeDimensions))
	}
	return r
}

// Bounds are the lowest and highest values an episode can have of m,
// infinite where unknown.
func (m Measure) Bounds() (lo, hi float64) {
	switch {
	case m.Rate:
		return 0, 1
	case m.Range != Range{}:
		return m.Range.Lo, m.Range.Hi
	}
	return math.Inf(-1), math.Inf(1)
}

// clip keeps an interval of a mean of m within what a value of m can be:
// a 0-10 score's never passes 10, a count's never goes under 0.
func (m Measure) clip(s Stat) Stat {
	lo, hi := m.Bounds()
	s.Lo, s.Hi = math.Max(s.Lo, lo), math.Min(s.Hi, hi)
	return s
}

// clipDifference keeps an interval of a paired difference of m within
// what a difference can be: -10..10 for a 0-10 score, -1..1 for a rate;
// unbounded when either end of m's range is.
func (m Measure) clipDifference(s Stat) Stat {
	lo, hi := m.Bounds()
	span := hi - lo
	s.Lo, s.Hi = math.Max(s.Lo, -span), math.Min(s.Hi, span)
	return s
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
	// NotMeasured holds, per measure, the episodes whose rule had
	// nothing to read for it, and why: a measure none of the group's
	// episodes has a figure of is "not measured" rather than 0.
	NotMeasured map[string]NotMeasured `json:"not_measured,omitempty"`
	// Failures counts error events and failed judge calls per kind.
	Failures map[event.FailureKind]int `json:"failures"`
}

// NotMeasured is a measure some episodes of a group have no figure of,
// for want of anything their rule could read.
type NotMeasured struct {
	Episodes int `json:"episodes"`
	// Why is what the episodes say (metrics.NotMeasuredKey), each
	// different reason once, in the order first met.
	Why string `json:"why"`
}

// Text is what every output prints where the measure has no figure:
// "not measured: " and why.
func (n NotMeasured) Text() string { return "not measured: " + n.Why }

// Has reports whether the group has a figure of key, or says why not.
func (g Group) Has(key string) bool {
	_, ok := g.Stats[key]
	_, not := g.NotMeasured[key]
	return ok || not
}

// Report is every group, families in name order and the groups of a
// family in column order (modes in display order), and the paired
// differences between modes, and between groups when the report is
// grouped by more (By).
type Report struct {
	// By is the grouping beyond family and mode, in column order
	// (ParseDims); empty for the default grouping.
	By []Dim `json:"by,omitempty"`
	// Headline pools every family: the answer printed first.
	Headline *Headline `json:"headline,omitempty"`
	Groups   []Group   `json:"groups"`
	Paired   []Paired  `json:"paired,omitempty"`
	// Agreement is how the rules and the model's leak check agree, per
	// kind, over the recordings the model checked.
	Agreement []Agreement `json:"agreement,omitempty"`
	// Judged are the judges' dimensions (omnigap's and an imported
	// one's) with every family pooled, a group per mode (and value of
	// By), for the slide; the families' groups hold them too.
	Judged []Group `json:"-"`
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

// Families lists the report's families in the order of its groups.
func (r Report) Families() []scenario.Family {
	var out []scenario.Family
	for _, g := range r.Groups {
		if !slices.Contains(out, g.Family) {
			out = append(out, g.Family)
		}
	}
	return out
}

// Of returns the groups of one family.
func (r Report) Of(f scenario.Family) []Group {
	var out []Group
	for _, g := range r.Groups {
		if g.Family == f {
			out = append(out, g)
		}
	}
	return out
}

// measuresOf lists the measures with data in any of the groups, or not
// measured in one.
func measuresOf(gs []Group) []Measure {
	var out []Measure
	for _, m := range Measures() {
		for _, g := range gs {
			if g.Has(m.Key) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
