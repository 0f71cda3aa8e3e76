package batch

import (
	"context"
	"slices"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// Progress is where a study stands, reported after each episode.
type Progress struct {
	Total int // episodes planned
	Done  int // episodes finished, skipped ones included
	// Skipped counts episodes Resume found already recorded.
	Skipped int
	// Modes counts finished episodes per mode, in the order of Options.Modes.
	Modes []ModeProgress
	// Errors counts error events (failed model calls, unusable replies).
	Errors int
	// Retries counts model calls sent again by the episodes counted (the
	// last failure of a call is among the errors; the tries before it are
	// here).
	Retries int
	Tokens  int
	// Roles counts the model calls of the episodes played, by role.
	Roles RoleCalls
	// Cache counts the model calls of the episodes this run played (those
	// an interruption cut short included) by what the reply cache did
	// with them; Resumed those of the episodes Resume found recorded, as
	// their recordings count them: calls an earlier run made.
	Cache, Resumed event.CacheUse
	// Elapsed is the time since the study started.
	Elapsed time.Duration
}

// Pace is the rate of episodes played (skipped ones cost no time and are
// left out) and the time the rest will take at that rate; zero before the
// first episode is played.
func (p Progress) Pace() (perSecond float64, left time.Duration) {
	played := p.Done - p.Skipped
	if played <= 0 || p.Elapsed <= 0 {
		return 0, 0
	}
	perSecond = float64(played) / p.Elapsed.Seconds()
	left = time.Duration(float64(p.Total-p.Done) / perSecond * float64(time.Second))
	return perSecond, left.Round(time.Second)
}

// ModeProgress is one mode's share of a study.
type ModeProgress struct {
	Mode        view.Mode
	Done, Total int
}

// Plan is the progress of a study that has not started: what it (its
// shard) will play.
func (o Options) Plan() Progress {
	units := o.Shard.units(len(o.Refs) * o.Episodes)
	p := Progress{Total: units * len(o.Modes)}
	for _, m := range o.Modes {
		p.Modes = append(p.Modes, ModeProgress{Mode: m, Total: units})
	}
	return p
}

func total(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// Outcome is a finished (or interrupted) study.
type Outcome struct {
	Summary Summary
	// Report aggregates the counted episodes by family and mode.
	Report   report.Report
	Progress Progress
	// NothingWorked, when set, says why no episode got a usable turn.
	NothingWorked string
}

// Study plays every episode and aggregates each as it finishes, keeping
// nothing of a finished episode but its share of the figures, so memory
// stays flat however many episodes run. Episodes are counted in the same
// order (reference, episode, mode) whatever the concurrency or how a run
// was split by interruptions and Resume, so the figures are the same to
// the last bit. When ctx is done it stops, leaving every recording valid,
// and returns what was counted with Summary.Interrupted set; episodes cut
// short by the interruption are not counted (Resume plays them again).
func Study(ctx context.Context, o Options) (Outcome, error) {
	start := time.Now()
	a := newOrderedTally(o)
	prog := o.Plan()
	var use usability
	err := o.each(ctx, func(j job, res Result) {
		use.add(res)
		if res.Skipped {
			prog.Resumed = prog.Resumed.Plus(res.Episode.Cache)
		} else {
			prog.Cache = prog.Cache.Plus(res.Episode.Cache)
		}
		if report.CutShort(res.Ending) && !res.Skipped {
			a.skip(j.index)
			return
		}
		a.add(j.index, res.Episode)
		prog.Done++
		if res.Skipped {
			prog.Skipped++
		}
		prog.Modes[slices.Index(o.Modes, j.mode)].Done++
		prog.Errors += res.Errors
		prog.Tokens += res.Tokens
		prog.Roles.Add(res.Roles)
		prog.Retries += total(res.Episode.Retries)
		prog.Elapsed = time.Since(start)
		if o.Progress != nil {
			o.Progress(prog)
		}
	})
	a.flush()
	prog.Elapsed = time.Since(start)
	out := Outcome{Report: a.byGroup.Report(), Progress: prog, NothingWorked: use.why()}
	out.Summary = a.summary()
	out.Summary.Interrupted = ctx.Err() != nil
	return out, err
}

// orderedTally counts episodes in job order: one that finishes before an
// earlier one waits (as its few figures only) until the gap is filled.
type orderedTally struct {
	o       Options
	next    int
	waiting map[int]*report.Episode // nil: a job that will not be counted
	byMode  map[view.Mode]*report.Tally
	byGroup *report.Aggregator
	retries map[string]int // by kind, over the episodes counted
	cache   *event.CacheUse
}

func newOrderedTally(o Options) *orderedTally {
	t := &orderedTally{o: o, waiting: map[int]*report.Episode{}, byMode: map[view.Mode]*report.Tally{},
		byGroup: report.NewStudyAggregator(o.Modes)}
	for _, m := range o.Modes {
		t.byMode[m] = &report.Tally{}
	}
	return t
}

func (t *orderedTally) add(index int, ep report.Episode) {
	t.waiting[index] = &ep
	t.drain()
}

func (t *orderedTally) skip(index int) {
	t.waiting[index] = nil
	t.drain()
}

func (t *orderedTally) drain() {
	for {
		ep, ok := t.waiting[t.next]
		if !ok {
			return
		}
		delete(t.waiting, t.next)
		t.next++
		if ep != nil {
			t.count(*ep)
		}
	}
}

// flush counts what still waits after a study stopped early, in order.
func (t *orderedTally) flush() {
	keys := make([]int, 0, len(t.waiting))
	for k := range t.waiting {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if ep := t.waiting[k]; ep != nil {
			t.count(*ep)
		}
		delete(t.waiting, k)
	}
}

func (t *orderedTally) count(ep report.Episode) {
	t.byMode[ep.Mode].Add(ep)
	t.byGroup.Add(ep)
	for k, n := range ep.Retries {
		if t.retries == nil {
			t.retries = map[string]int{}
		}
		t.retries[k] += n
	}
	if ep.Cache != (event.CacheUse{}) {
		if t.cache == nil {
			t.cache = &event.CacheUse{}
		}
		t.cache.Hits += ep.Cache.Hits
		t.cache.Misses += ep.Cache.Misses
	}
}
