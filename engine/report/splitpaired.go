package report

import (
	"cmp"
	"slices"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// splitPairs are a family's paired differences in a report grouped by
// more than family and mode: between the modes of each group (groups in
// column order), then, for each further dimension, between the groups
// that differ in it alone.
func splitPairs(f scenario.Family, groups []Group, by []Dim, eps []pairedEpisode) []Paired {
	var out []Paired
	var splits []Split
	for _, g := range groups {
		if !slices.Contains(splits, g.Split) {
			splits = append(splits, g.Split)
		}
	}
	for _, s := range splits {
		var of []pairedEpisode
		for _, ep := range eps {
			if ep.split == s {
				of = append(of, ep)
			}
		}
		for _, p := range pair(f, of) {
			p.FirstOf, p.SecondOf = s, s
			out = append(out, p)
		}
	}
	for _, d := range splitDims(by) {
		out = append(out, acrossPairs(f, d, eps)...)
	}
	return out
}

// acrossPairs compares the groups that differ in dimension d alone, mode
// by mode, over the scenarios and seeds both played: each value of d
// against the first in order. A scenario and seed a group played more
// than once in a mode is left out of that group's pairs.
func acrossPairs(f scenario.Family, d Dim, eps []pairedEpisode) []Paired {
	type unit struct {
		rest Split // the other dimensions' values
		mode view.Mode
		key  string
	}
	type side struct {
		ep    pairedEpisode
		twice bool
	}
	units := map[unit]map[string]*side{}
	var values []string
	for _, ep := range eps {
		u := unit{ep.split.with(d, ""), ep.mode, ep.key}
		v := ep.split.of(d)
		if !slices.Contains(values, v) {
			values = append(values, v)
		}
		if units[u] == nil {
			units[u] = map[string]*side{}
		}
		if s := units[u][v]; s != nil {
			s.twice = true
			continue
		}
		units[u][v] = &side{ep: ep}
	}
	if len(values) < 2 {
		return nil
	}
	slices.Sort(values)
	keys := make([]unit, 0, len(units))
	for u := range units {
		keys = append(keys, u)
	}
	orderSplits := func(x, y Split) int {
		return cmp.Or(cmp.Compare(x.Study, y.Study), cmp.Compare(x.Model, y.Model), cmp.Compare(x.Scenario, y.Scenario), cmp.Compare(x.Prompt, y.Prompt))
	}
	slices.SortFunc(keys, func(x, y unit) int {
		return cmp.Or(orderSplits(x.rest, y.rest), modeRank(x.mode)-modeRank(y.mode), cmp.Compare(x.key, y.key))
	})
	type comparison struct {
		rest  Split
		mode  view.Mode
		other string
	}
	sums := map[comparison]*[len(pairedMeasures)]moments{}
	var order []comparison
	for _, u := range keys {
		base := units[u][values[0]]
		if base == nil || base.twice {
			continue
		}
		for _, v := range values[1:] {
			s := units[u][v]
			if s == nil || s.twice {
				continue
			}
			c := comparison{u.rest, u.mode, v}
			m := sums[c]
			if m == nil {
				m = &[len(pairedMeasures)]moments{}
				sums[c] = m
				order = append(order, c)
			}
			for i := range pairedMeasures {
				if base.ep.has[i] && s.ep.has[i] {
					m[i].add(base.ep.values[i] - s.ep.values[i])
				}
			}
		}
	}
	slices.SortFunc(order, func(x, y comparison) int {
		return cmp.Or(orderSplits(x.rest, y.rest), cmp.Compare(x.other, y.other), modeRank(x.mode)-modeRank(y.mode))
	})
	var out []Paired
	for _, c := range order {
		for i, key := range pairedMeasures {
			if m := sums[c][i]; m.n > 0 {
				out = append(out, Paired{Family: f, First: c.mode, Second: c.mode, FirstOf: c.rest.with(d, values[0]),
					SecondOf: c.rest.with(d, c.other), Key: key, Stat: measure(key).clipDifference(m.tInterval())})
			}
		}
	}
	return out
}
