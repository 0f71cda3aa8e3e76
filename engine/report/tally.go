package report

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/agree"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// moments accumulates one metric's values as they come: the sum (so means
// are exactly those of summing in the same order), and Welford's running
// sum of squared deviations for the interval.
type moments struct {
	n          int
	sum, mean  float64
	m2, lowest float64
}

func (m *moments) add(x float64) {
	m.n++
	m.sum += x
	d := x - m.mean
	m.mean += d / float64(m.n)
	m.m2 += d * (x - m.mean)
	if m.n == 1 || x < m.lowest {
		m.lowest = x
	}
}

// meanCI is the mean with its Student t interval (tInterval), the low end
// cut at 0 when no value is negative (counts, positions).
func (m moments) meanCI() Stat {
	st := m.tInterval()
	if m.n >= 2 && m.lowest >= 0 {
		st.Lo = math.Max(st.Lo, 0)
	}
	return st
}

// tInterval is the mean with the Student t interval mean ± t(0.975, n-1) ·
// s/√n, uncut (for differences, which may be negative).
func (m moments) tInterval() Stat {
	if m.n == 0 {
		return Stat{}
	}
	mean := m.sum / float64(m.n)
	st := Stat{Mean: mean, Lo: mean, Hi: mean, N: m.n}
	if m.n < 2 {
		return st
	}
	half := agree.T975(m.n-1) * math.Sqrt(math.Max(m.m2, 0)/float64(m.n-1)/float64(m.n))
	st.Lo, st.Hi = mean-half, mean+half
	return st
}

// rateCI is a proportion with the Wilson score interval, which stays
// inside 0..1 and is not empty when every episode agrees (a deal rate of
// 100% over 300 episodes is not certain).
func (m moments) rateCI() Stat {
	if m.n == 0 {
		return Stat{}
	}
	p := m.sum / float64(m.n)
	st := Stat{Mean: p, Lo: p, Hi: p, N: m.n}
	if m.n < 2 {
		return st
	}
	const z = 1.959963984540054
	nf := float64(m.n)
	den := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	st.Lo, st.Hi = math.Max(0, center-half), math.Min(1, center+half)
	return st
}

// Tally aggregates episodes one at a time into a Group, in memory that
// does not grow with their number. Adding the same episodes in the same
// order gives the same figures, to the last bit.
type Tally struct {
	// measures are the rows tallied; nil tallies every one (Measures).
	measures                   []Measure
	episodes, ended, completed int
	values                     map[string]*moments
	failures                   map[event.FailureKind]int
	ratios                     map[string]*ratio
	// unmeasured counts, per measure, the episodes that say why they
	// have no figure of it.
	unmeasured map[string]*NotMeasured
}

// Add counts one episode.
func (t *Tally) Add(ep Episode) {
	t.episodes++
	if ep.Ended {
		t.ended++
	}
	if ep.Completed {
		t.completed++
	}
	for k, n := range ep.Failures {
		if t.failures == nil {
			t.failures = map[event.FailureKind]int{}
		}
		t.failures[k] += n
	}
	if t.values == nil {
		t.values = map[string]*moments{}
	}
	for _, m := range t.rows() {
		if m.Num != "" {
			t.addRatio(m, ep)
			continue
		}
		if v, ok := ep.Metrics[m.Key]; ok {
			mo := t.values[m.Key]
			if mo == nil {
				mo = &moments{}
				t.values[m.Key] = mo
			}
			mo.add(v)
		} else if why, ok := ep.NotMeasured[m.Key]; ok {
			t.addUnmeasured(m.Key, why)
		}
	}
}

// maxReasons bounds the different reasons kept for one measure, so a
// tally's memory does not grow with the episodes.
const maxReasons = 4

// addUnmeasured counts an episode that has no figure of key, and why.
func (t *Tally) addUnmeasured(key, why string) {
	if t.unmeasured == nil {
		t.unmeasured = map[string]*NotMeasured{}
	}
	n := t.unmeasured[key]
	if n == nil {
		n = &NotMeasured{}
		t.unmeasured[key] = n
	}
	n.Episodes++
	reasons := strings.Split(n.Why, "; ")
	switch {
	case n.Why == "":
		n.Why = why
	case !slices.Contains(reasons, why) && len(reasons) < maxReasons:
		n.Why += "; " + why
	}
}

// rows are the measures the tally counts.
func (t *Tally) rows() []Measure {
	if t.measures == nil {
		return Measures()
	}
	return t.measures
}

// addRatio adds an episode's numerator and denominator of a pooled ratio
// row, when it has both.
func (t *Tally) addRatio(m Measure, ep Episode) {
	num, ok1 := ep.Metrics[m.Num]
	den, ok2 := ep.Metrics[m.Den]
	if !ok1 || !ok2 {
		return
	}
	if t.ratios == nil {
		t.ratios = map[string]*ratio{}
	}
	r := t.ratios[m.Key]
	if r == nil {
		r = &ratio{}
		t.ratios[m.Key] = r
	}
	r.add(num, den)
}

// Group returns the aggregate so far (Family and Mode unset).
func (t *Tally) Group() Group {
	g := Group{Episodes: t.episodes, Ended: t.ended, Completed: t.completed, Stats: map[string]Stat{}, Failures: map[event.FailureKind]int{}}
	maps.Copy(g.Failures, t.failures)
	for k, n := range t.unmeasured {
		if g.NotMeasured == nil {
			g.NotMeasured = map[string]NotMeasured{}
		}
		g.NotMeasured[k] = *n
	}
	for _, m := range t.rows() {
		if r := t.ratios[m.Key]; m.Num != "" && r != nil {
			g.Stats[m.Key] = m.clip(r.ci())
			continue
		}
		mo, ok := t.values[m.Key]
		if !ok {
			continue
		}
		if m.Rate {
			g.Stats[m.Key] = mo.rateCI()
		} else {
			g.Stats[m.Key] = m.clip(mo.meanCI())
		}
	}
	return g
}

// Aggregator tallies episodes by family and mode (and the dimensions of
// its grouping, NewAggregator) as they come, and keeps the few figures of
// each paired episode (Episode.Pair) that the paired differences need.
type Aggregator struct {
	by    []Dim
	byKey map[groupKey]*Tally
	pairs map[scenario.Family][]pairedEpisode
	// pooled tallies the headline's groups (every family together), and
	// pooledPairs (in a study, pooledSums) its differences.
	pooled      map[groupKey]*Tally
	pooledPairs []pairedEpisode
	pooledSums  pairSums
	// judged tallies the judges' dimensions with every family pooled,
	// for the slide (Report.Judged).
	judged map[groupKey]*Tally
	// study, when set, lists the modes every scenario and seed will be
	// played in once each; the differences of one are then counted as soon
	// as all its modes are in, and only unfinished ones are kept.
	study   []view.Mode
	pending map[pairID]*pendingPair
	sums    map[scenario.Family]*pairSums
	// agreement adds up the episodes' agreement of the two checks.
	agreement []Agreement
}

type groupKey struct {
	f scenario.Family
	s Split
	m view.Mode
}

type pairID struct {
	f    scenario.Family
	pair string
}

// NewAggregator is an Aggregator that also groups by the dimensions of by
// (ParseDims: their order is the columns' order); nil groups by family
// and mode only, as the zero Aggregator does.
func NewAggregator(by []Dim) *Aggregator { return &Aggregator{by: by} }

// NewStudyAggregator is an Aggregator for episodes as a study plays them:
// every scenario and seed in each of modes, once. Its memory does not grow
// with the number of episodes: the paired differences of a scenario and
// seed are added up as soon as its last mode is in, in the order they
// complete (Aggregate adds them in key order, so the last bits of a
// difference's mean and interval may differ between the two).
func NewStudyAggregator(modes []view.Mode) *Aggregator {
	return &Aggregator{study: modes, pending: map[pairID]*pendingPair{}, sums: map[scenario.Family]*pairSums{}}
}

// Add counts one episode in its group.
func (a *Aggregator) Add(ep Episode) {
	if a.byKey == nil {
		a.byKey = map[groupKey]*Tally{}
	}
	if slices.Contains(a.by, ByModel) {
		ep = byPairing(ep)
	}
	k := groupKey{ep.Family, splitOf(ep, a.by), ep.Mode}
	t := a.byKey[k]
	if t == nil {
		t = &Tally{}
		a.byKey[k] = t
	}
	t.Add(ep)
	if a.pooled == nil {
		a.pooled = map[groupKey]*Tally{}
	}
	pk := groupKey{s: k.s, m: k.m}
	if a.pooled[pk] == nil {
		a.pooled[pk] = headlineTally()
	}
	a.pooled[pk].Add(ep)
	if a.judged == nil {
		a.judged = map[groupKey]*Tally{}
	}
	if a.judged[pk] == nil {
		a.judged[pk] = &Tally{measures: dimensionMeasures()}
	}
	a.judged[pk].Add(ep)
	a.agreement = addAgreements(a.agreement, ep.Agreement)
	if a.study != nil {
		a.addToStudy(ep)
		return
	}
	if p, ok := pairable(ep); ok {
		if a.pairs == nil {
			a.pairs = map[scenario.Family][]pairedEpisode{}
		}
		p.split = k.s
		a.pairs[ep.Family] = append(a.pairs[ep.Family], p)
		a.pooledPairs = append(a.pooledPairs, p)
	}
}

// addToStudy keeps an episode's pairing figures until every mode of its
// scenario and seed is in (ended or not), then adds up its differences.
func (a *Aggregator) addToStudy(ep Episode) {
	if ep.Pair == "" {
		return
	}
	id := pairID{ep.Family, ep.Pair}
	pp := a.pending[id]
	if pp == nil {
		pp = &pendingPair{}
		a.pending[id] = pp
	}
	pp.arrive(ep.Mode)
	if p, ok := pairable(ep); ok {
		pp.put(p)
	}
	for _, m := range a.study {
		if !pp.arrived(m) {
			return
		}
	}
	s := a.sums[ep.Family]
	if s == nil {
		s = &pairSums{}
		a.sums[ep.Family] = s
	}
	s.add(pp.of)
	a.pooledSums.add(pp.of)
	delete(a.pending, id)
}

// Report returns every group so far, families in name order and the
// groups of a family in column order (modes in display order).
func (a *Aggregator) Report() Report {
	r := Report{By: a.by, Agreement: a.agreement}
	for k, t := range a.byKey {
		g := t.Group()
		g.Family, g.Split, g.Mode = k.f, k.s, k.m
		r.Groups = append(r.Groups, g)
	}
	slices.SortFunc(r.Groups, func(x, y Group) int {
		if c := strings.Compare(string(x.Family), string(y.Family)); c != 0 {
			return c
		}
		return columnOrder(a.by, x, y)
	})
	for _, f := range r.Families() {
		switch {
		case a.study != nil:
			r.Paired = append(r.Paired, a.studyPaired(f)...)
		case len(a.by) == 0:
			r.Paired = append(r.Paired, pair(f, a.pairs[f])...)
		default:
			r.Paired = append(r.Paired, splitPairs(f, r.Of(f), a.by, a.pairs[f])...)
		}
	}
	var pooled []Paired
	switch {
	case a.study != nil:
		pooled = a.studyPooledPaired()
	case len(a.by) == 0:
		pooled = pair("", a.pooledPairs)
	default:
		groups := make([]Group, 0, len(a.pooled))
		for k := range a.pooled {
			groups = append(groups, Group{Split: k.s, Mode: k.m})
		}
		slices.SortFunc(groups, func(x, y Group) int { return columnOrder(a.by, x, y) })
		pooled = splitPairs("", groups, a.by, a.pooledPairs)
	}
	r.Headline = headline(a.pooled, a.by, r.Groups, pooled)
	for k, t := range a.judged {
		g := t.Group()
		if len(g.Stats) == 0 {
			continue
		}
		g.Split, g.Mode = k.s, k.m
		r.Judged = append(r.Judged, g)
	}
	slices.SortFunc(r.Judged, func(x, y Group) int { return columnOrder(a.by, x, y) })
	return r
}

// studyPaired is a family's differences so far, with those of the
// scenarios and seeds that are still missing a mode (a study stopped
// early) added in key order.
func (a *Aggregator) studyPaired(f scenario.Family) []Paired {
	var sums pairSums
	if s := a.sums[f]; s != nil {
		sums = *s
	}
	var open []string
	for id := range a.pending {
		if id.f == f {
			open = append(open, id.pair)
		}
	}
	slices.Sort(open)
	for _, k := range open {
		sums.add(a.pending[pairID{f, k}].of)
	}
	return sums.paired(f)
}

// studyPooledPaired is the headline's differences so far: every family's
// added up as their scenarios and seeds completed, with the unfinished
// ones added by family and key.
func (a *Aggregator) studyPooledPaired() []Paired {
	sums := a.pooledSums
	open := slices.Collect(maps.Keys(a.pending))
	slices.SortFunc(open, func(x, y pairID) int {
		return cmp.Or(strings.Compare(string(x.f), string(y.f)), strings.Compare(x.pair, y.pair))
	})
	for _, id := range open {
		sums.add(a.pending[id].of)
	}
	return sums.paired("")
}
