package report

import (
	"fmt"
	"maps"
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
//
// In a report grouped by more than family and mode, FirstOf and SecondOf
// name the groups compared: the same group for a difference between its
// modes, or two groups that differ in one dimension for a difference
// between them in one mode (First and Second then name that mode).
type Paired struct {
	Family   scenario.Family `json:"family"`
	First    view.Mode       `json:"first"`
	Second   view.Mode       `json:"second"`
	FirstOf  Split           `json:"first_of,omitzero"`
	SecondOf Split           `json:"second_of,omitzero"`
	Key      string          `json:"metric"`
	Stat
}

// Across says whether p compares two groups rather than two modes.
func (p Paired) Across() bool { return p.FirstOf != p.SecondOf }

// pairedMeasures are the measures compared between modes: the
// headline's among them.
var pairedMeasures = [...]string{metrics.GoalCompletion, metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1,
	metrics.Deal, metrics.Success, metrics.FirstMentionPos, metrics.WordsPerTurn, metrics.Turns, metrics.Leaks,
	JudgeGoal, metrics.MindReads, metrics.Guesses, metrics.Disclosures}

// modePairs are the comparisons, each in the order the study reads them.
var modePairs = [...][2]view.Mode{{view.Script, view.Mindreaders}, {view.Mindreaders, view.Agents}, {view.Script, view.Agents}}

// pairedEpisode is what pairing needs of an episode: its mode, its pair
// key and its paired measures (has marks the ones it has).
type pairedEpisode struct {
	mode   view.Mode
	key    string
	split  Split
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

// pairSums holds the running differences of one family, per comparison
// and measure.
type pairSums [len(modePairs)][len(pairedMeasures)]moments

// add counts the differences of one scenario and seed; of returns the
// episode a mode played on it, if it is to be paired.
func (s *pairSums) add(of func(view.Mode) (pairedEpisode, bool)) {
	for p, mp := range modePairs {
		x, ok1 := of(mp[0])
		y, ok2 := of(mp[1])
		if !ok1 || !ok2 {
			continue
		}
		for i := range pairedMeasures {
			if x.has[i] && y.has[i] {
				s[p][i].add(x.values[i] - y.values[i])
			}
		}
	}
}

// paired lists the differences with at least one pair.
func (s *pairSums) paired(f scenario.Family) []Paired {
	var out []Paired
	for p, mp := range modePairs {
		for i, m := range pairedMeasures {
			if s[p][i].n > 0 {
				out = append(out, Paired{Family: f, First: mp[0], Second: mp[1], Key: m, Stat: measure(m).clipDifference(s[p][i].tInterval())})
			}
		}
	}
	return out
}

// pair computes the paired differences of one family's episodes, scenarios
// and seeds in key order. Episodes whose key a mode played twice are left
// out.
func pair(f scenario.Family, eps []pairedEpisode) []Paired {
	byKey := map[string]*pendingPair{}
	for _, ep := range eps {
		pp := byKey[ep.key]
		if pp == nil {
			pp = &pendingPair{}
			byKey[ep.key] = pp
		}
		pp.put(ep)
	}
	var sums pairSums
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		sums.add(byKey[k].of)
	}
	return sums.paired(f)
}

// pairedModes are the modes the comparisons involve.
var pairedModes = [...]view.Mode{view.Script, view.Mindreaders, view.Agents}

// pendingPair is what one scenario and seed has of each mode so far.
type pendingPair struct {
	eps   [len(pairedModes)]pairedEpisode
	has   [len(pairedModes)]bool
	twice [len(pairedModes)]bool
	// in marks the modes that have come in, pairable or not.
	in [len(pairedModes)]bool
}

// arrive marks a mode as in.
func (pp *pendingPair) arrive(m view.Mode) {
	if i := slices.Index(pairedModes[:], m); i >= 0 {
		pp.in[i] = true
	}
}

// arrived says whether a mode is in; a mode that is never paired counts
// as in.
func (pp *pendingPair) arrived(m view.Mode) bool {
	i := slices.Index(pairedModes[:], m)
	return i < 0 || pp.in[i]
}

// put keeps a pairable episode; a second one of the same mode marks the
// mode as played twice.
func (pp *pendingPair) put(ep pairedEpisode) {
	i := slices.Index(pairedModes[:], ep.mode)
	if i < 0 {
		return
	}
	if pp.has[i] {
		pp.twice[i] = true
	}
	pp.eps[i], pp.has[i] = ep, true
}

// of returns a mode's episode unless it has none or played twice.
func (pp *pendingPair) of(m view.Mode) (pairedEpisode, bool) {
	i := slices.Index(pairedModes[:], m)
	if i < 0 || !pp.has[i] || pp.twice[i] {
		return pairedEpisode{}, false
	}
	return pp.eps[i], true
}
