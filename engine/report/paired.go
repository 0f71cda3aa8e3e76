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
var pairedMeasures = [...]string{metrics.GoalCompletion, metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1,
	metrics.Deal, metrics.Success, metrics.FirstMentionPos, metrics.WordsPerTurn, metrics.Turns, metrics.Leaks}

// modePairs are the comparisons, each in the order the study reads them.
var modePairs = [][2]view.Mode{{view.Script, view.Mindreaders}, {view.Mindreaders, view.Agents}, {view.Script, view.Agents}}

// pairedEpisode is what pairing needs of an episode: its mode, its pair
// key and its paired measures (has marks the ones it has).
type pairedEpisode struct {
	mode   view.Mode
	key    string
	values [len(pairedMeasures)]float64
	has    [len(pairedMeasures)]bool
}

// pairable returns the pairing figures of an ended episode with a pair key.
func pairable(ep Episode) (pairedEpisode, bool) {
	if ep.Pair == "" || !ep.Ended {
		return pairedEpisode{}, false
	}
	p := pairedEpisode{mode: ep.Mode, key: ep.Pair}
	for i, m := range pairedMeasures {
		p.values[i], p.has[i] = ep.Metrics[m]
	}
	return p, true
}

// pair computes the paired differences of one family's episodes. Episodes
// whose key a mode played twice are left out.
func pair(f scenario.Family, eps []pairedEpisode) []Paired {
	byMode := map[view.Mode]map[string]pairedEpisode{}
	twice := map[string]bool{}
	for _, ep := range eps {
		if byMode[ep.mode] == nil {
			byMode[ep.mode] = map[string]pairedEpisode{}
		}
		if _, dup := byMode[ep.mode][ep.key]; dup {
			twice[string(ep.mode)+"\x00"+ep.key] = true
		}
		byMode[ep.mode][ep.key] = ep
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
		for i, m := range pairedMeasures {
			var diffs moments
			for _, k := range keys {
				x, y := a[k], b[k]
				if x.has[i] && y.has[i] {
					diffs.add(x.values[i] - y.values[i])
				}
			}
			if diffs.n == 0 {
				continue
			}
			out = append(out, Paired{Family: f, First: mp[0], Second: mp[1], Key: m, Stat: diffs.tInterval()})
		}
	}
	return out
}
