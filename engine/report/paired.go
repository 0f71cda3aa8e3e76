package report

import (
	"fmt"
	"slices"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// PairKey names the scenario and seed of an episode, so that episodes of
// different modes on the same scenario and seed can be paired.
func PairKey(scenarioID string, seed int64) string { return fmt.Sprintf("%s#%d", scenarioID, seed) }

// Paired is the difference of one measure between two modes over the
// episodes they played on the same scenarios and seeds: the mean of the
// per-pair differences (First minus Second) with its 95% interval. Pairing
// takes out what the scenario and seed decide, so the interval is about
// the modes alone.
type Paired struct {
	Family scenario.Family `json:"family"`
	First  view.Mode       `json:"first"`
	Second view.Mode       `json:"second"`
	Key    string          `json:"metric"`
	Stat
}

// pairedMeasures are the measures compared between modes.
var pairedMeasures = []string{metrics.GoalCompletion, metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1,
	metrics.Deal, metrics.Success, metrics.FirstMentionPos, metrics.WordsPerTurn, metrics.Turns, metrics.Leaks}

// modePairs are the comparisons, each in the order the study reads them.
var modePairs = [][2]view.Mode{{view.Script, view.Mindreaders}, {view.Mindreaders, view.Agents}, {view.Script, view.Agents}}

// pair computes the paired differences of one family's episodes. Episodes
// without a pair key, or whose key a mode played twice, are left out.
func pair(f scenario.Family, eps []Episode) []Paired {
	byMode := map[view.Mode]map[string]Episode{}
	twice := map[string]bool{}
	for _, ep := range eps {
		if ep.Pair == "" || !ep.Ended {
			continue
		}
		if byMode[ep.Mode] == nil {
			byMode[ep.Mode] = map[string]Episode{}
		}
		if _, dup := byMode[ep.Mode][ep.Pair]; dup {
			twice[string(ep.Mode)+"\x00"+ep.Pair] = true
		}
		byMode[ep.Mode][ep.Pair] = ep
	}
	var out []Paired
	for _, mp := range modePairs {
		a, b := byMode[mp[0]], byMode[mp[1]]
		var keys []string
		for k := range a {
			if _, ok := b[k]; ok && !twice[string(mp[0])+"\x00"+k] && !twice[string(mp[1])+"\x00"+k] {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, m := range pairedMeasures {
			var diffs []float64
			for _, k := range keys {
				x, okx := a[k].Metrics[m]
				y, oky := b[k].Metrics[m]
				if okx && oky {
					diffs = append(diffs, x-y)
				}
			}
			if len(diffs) == 0 {
				continue
			}
			out = append(out, Paired{Family: f, First: mp[0], Second: mp[1], Key: m, Stat: tInterval(diffs)})
		}
	}
	return out
}
