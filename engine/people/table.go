package people

import (
	"cmp"
	"math"
	"slices"

	"github.com/omnigap/omnigap/engine/agree"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/view"
)

// Table is the agreement figures of a study: a group per dimension and
// set of units (every one pooled, then each model, then each mode, when
// the units have more than one), and the scorers whose bias interval
// over every unit excludes 0.
type Table struct {
	Groups []Group
	// Flatters are the pooled groups' scorers whose bias is above 0 by
	// its whole interval, Harsher those below it.
	Flatters, Harsher []Lean
}

// Group is one dimension over one set of units.
type Group struct {
	Dimension string
	// By says which units: every one (empty), one model's or one mode's.
	By By
	// Raters is the people's mean (each unit the mean of its raters'
	// scores) with its t interval, N units; Alpha Krippendorff's alpha
	// among the raters with its bootstrap interval, N the units with two
	// or more raters.
	Raters, Alpha agree.Estimate
	// Scorers are the automated scorers that scored any of the units
	// people rated, in ScorerRank's order.
	Scorers []Scorer
}

// By names a group's units: both empty for every unit.
type By struct{ Model, Mode string }

// Scorer is one automated scorer beside the people on the units both
// scored (N of them): its mean, its bias (scorer − people) with the t
// interval, Pearson's and Spearman's correlation with their Fisher
// intervals, and the mean absolute error.
type Scorer struct {
	Name                          string
	Mean, Bias, Pearson, Spearman agree.Estimate
	MAE                           float64
	N                             int
}

// Lean is a scorer whose bias interval on a dimension excludes 0.
type Lean struct {
	Scorer, Dimension string
	Bias              agree.Estimate
}

// Table computes the study's figures.
func (s *Study) Table() Table {
	var t Table
	for _, d := range metrics.JudgeDimensions {
		for _, by := range s.bys() {
			g, ok := s.group(d.Key, by)
			if !ok {
				continue
			}
			t.Groups = append(t.Groups, g)
			if by != (By{}) {
				continue
			}
			for _, sc := range g.Scorers {
				lean := Lean{Scorer: sc.Name, Dimension: d.Key, Bias: sc.Bias}
				switch {
				case sc.Bias.Excludes(0) && sc.Bias.Value > 0:
					t.Flatters = append(t.Flatters, lean)
				case sc.Bias.Excludes(0):
					t.Harsher = append(t.Harsher, lean)
				}
			}
		}
	}
	return t
}

// bys are the sets of units each dimension's groups cover: every unit,
// each model and each mode, the last two when the units have more than
// one of them.
func (s *Study) bys() []By {
	var models, modes []string
	for _, u := range s.units {
		if !slices.Contains(models, u.model) {
			models = append(models, u.model)
		}
		if !slices.Contains(modes, string(u.mode)) {
			modes = append(modes, string(u.mode))
		}
	}
	slices.Sort(models)
	slices.SortFunc(modes, func(a, b string) int { return cmp.Compare(modeRank(a), modeRank(b)) })
	out := []By{{}}
	if len(models) > 1 {
		for _, m := range models {
			out = append(out, By{Model: m})
		}
	}
	if len(modes) > 1 {
		for _, m := range modes {
			out = append(out, By{Mode: m})
		}
	}
	return out
}

// modeRank orders modes as the report's columns.
func modeRank(m string) int {
	order := append(slices.Clone(view.Modes), view.Humans, view.People)
	if i := slices.Index(order, view.Mode(m)); i >= 0 {
		return i
	}
	return len(order)
}

func (b By) has(u *unit) bool {
	return (b.Model == "" || u.model == b.Model) && (b.Mode == "" || string(u.mode) == b.Mode)
}

// group is one dimension's figures over the units by covers that people
// rated on it; ok is false when there are none.
func (s *Study) group(dim string, by By) (Group, bool) {
	g := Group{Dimension: dim, By: by}
	var means []float64
	var raters [][]float64
	var rated []*unit
	names := map[string]bool{}
	for _, u := range s.units {
		vs := u.people[dim]
		if !by.has(u) || len(vs) == 0 {
			continue
		}
		rated = append(rated, u)
		means = append(means, meanOf(vs))
		raters = append(raters, vs)
		for name := range u.scores[dim] {
			names[name] = true
		}
	}
	if len(rated) == 0 {
		return g, false
	}
	g.Raters, g.Alpha = agree.Mean(means), agree.Bootstrap(raters)
	for _, name := range sortedScorers(names) {
		var own, theirs []float64
		for i, u := range rated {
			if v, ok := u.scores[dim][name]; ok {
				own, theirs = append(own, v), append(theirs, means[i])
			}
		}
		g.Scorers = append(g.Scorers, beside(name, own, theirs))
	}
	return g, true
}

// beside is a scorer's figures against the people's on the same units.
func beside(name string, own, theirs []float64) Scorer {
	diffs := make([]float64, len(own))
	abs := 0.0
	for i := range own {
		diffs[i] = own[i] - theirs[i]
		abs += math.Abs(diffs[i])
	}
	return Scorer{Name: name, N: len(own), Mean: agree.Mean(own), Bias: agree.Mean(diffs),
		Pearson: sides(agree.Pearson(own, theirs)), Spearman: sides(agree.Spearman(own, theirs)), MAE: abs / float64(len(own))}
}

// sides names the sides of a correlation that cannot be measured.
func sides(e agree.Estimate) agree.Estimate {
	switch e.Missing {
	case agree.FirstConstant:
		e.Missing = "the scorer gave every seat the same score"
	case agree.SecondConstant:
		e.Missing = "the people's means are all equal"
	}
	return e
}

func sortedScorers(names map[string]bool) []string {
	var out []string
	for n := range names {
		out = append(out, n)
	}
	SortScorers(out)
	return out
}

// SortScorers orders scorers' names by ScorerRank, then by name.
func SortScorers(names []string) {
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(ScorerRank(a), ScorerRank(b)), cmp.Compare(a, b)) })
}

func meanOf(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}
