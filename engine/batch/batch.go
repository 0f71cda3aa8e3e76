// Package batch runs many episodes headless (every scenario x mode x
// episode), records each, and summarizes them per mode as they finish.
package batch

import (
	"context"
	"fmt"
	"iter"
	"sync"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Options says what to run.
type Options struct {
	Refs        []string
	Modes       []view.Mode
	Episodes    int
	Seed        int64
	Concurrency int
	OutDir      string
	// Resume skips episodes whose recording in OutDir is complete and
	// plays again those whose recording is torn, unfinished or canceled.
	Resume bool
	// Resolve turns a scenario reference and an episode's seed into a
	// scenario (library.Resolve in the app).
	Resolve  func(ref string, seed int64) (*scenario.Scenario, error)
	Factory  episode.Factory
	Annotate func(*scenario.Scenario, view.Mode) run.Annotator
	// Progress, when set, is called after each finished episode, from one
	// goroutine at a time.
	Progress func(Progress)
	// MaxUtterance caps a turn's text (run.Config.MaxUtterance).
	MaxUtterance int
	// Shard, when set, plays only its share of the study.
	Shard Shard
}

// Result is one finished episode.
type Result struct {
	Ref       string
	Mode      view.Mode
	Seed      int64
	History   []event.Turn
	Errors    int
	Failures  Failures
	Ending    event.Ending
	Recording string
	// Episode is what the report and the summary count.
	Episode report.Episode
	// Tokens counts the prompt and completion tokens of the model calls.
	Tokens int
	// Roles counts the model calls by role.
	Roles RoleCalls
	// Skipped is set when Resume found the episode already recorded.
	Skipped bool
}

type job struct {
	index int
	ref   string
	mode  view.Mode
	seed  int64
}

// jobs yields every episode of the shard in a stable order: reference,
// episode, mode, so the modes of one scenario run close together and can
// share what is prepared for it (leak.Shared). They are made as they are
// needed: a list of them all would grow with the study.
func (o Options) jobs() iter.Seq[job] {
	return func(yield func(job) bool) {
		index := 0
		for r, ref := range o.Refs {
			for k := 0; k < o.Episodes; k++ {
				if !o.Shard.plays(len(o.Refs), r, k) {
					continue
				}
				for _, mode := range o.Modes {
					if !yield(job{index: index, ref: ref, mode: mode, seed: o.Seed + int64(k)}) {
						return
					}
					index++
				}
			}
		}
	}
}

// Run plays every episode and returns the results in a stable order
// (reference, episode, mode), whatever the concurrency. It keeps every
// result: for large batches use Study, which keeps none.
func Run(ctx context.Context, o Options) ([]Result, error) {
	results := make([]Result, o.Plan().Total)
	err := o.each(ctx, func(j job, res Result) { results[j.index] = res })
	if err != nil {
		return nil, err
	}
	return results, ctx.Err()
}

// each plays every job on o.Concurrency workers and hands each result to
// done, one call at a time. It stops feeding jobs when ctx is done or an
// episode cannot start, and returns the first such error. No job starts
// far ahead of the earliest one not yet done (jobWindow), so results kept
// in job order by done (Study's tally) stay few even when one episode
// takes long.
func (o Options) each(ctx context.Context, done func(job, Result)) error {
	workers := max(o.Concurrency, 1)
	scenarios := newResolver(o.Resolve, 2*workers)
	work := make(chan job)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		ahead    = newJobWindow(max(16*workers, 64))
	)
	moved := sync.NewCond(&mu)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				res, err := o.play(ctx, j, scenarios)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					done(j, res)
				}
				ahead.finish(j.index)
				moved.Broadcast()
				mu.Unlock()
			}
		}()
	}
feed:
	for j := range o.jobs() {
		mu.Lock()
		for !ahead.admits(j.index) && firstErr == nil {
			moved.Wait()
		}
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
		select {
		case work <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	return firstErr
}

func (o Options) play(ctx context.Context, j job, scenarios *resolver) (Result, error) {
	sc, err := scenarios.get(j.ref, j.seed)
	if err != nil {
		return Result{}, err
	}
	res := Result{Ref: j.ref, Mode: j.mode, Seed: j.seed}
	if o.Resume && o.OutDir != "" {
		ep, path, ok, err := recorded(ctx, o.OutDir, sc, j)
		if err != nil || ok {
			res.Episode, res.Recording, res.Skipped = ep, path, true
			return res, err
		}
	}
	live, err := episode.Start(ctx, episode.Spec{
		Scenario: sc, Mode: j.mode, Seed: j.seed, Factory: o.Factory,
		Annotate: o.Annotate, RecordDir: o.OutDir, Buffer: 16, MaxUtterance: o.MaxUtterance,
	})
	if err != nil {
		return Result{}, fmt.Errorf("%s (%s): %w", j.ref, j.mode, err)
	}
	res.Recording = live.Recording
	res.History = make([]event.Turn, 0, min(sc.MaxTurns, 64))
	var marked []event.Event // annotations and errors, for the agreement of the two checks
	for ev := range live.Events {
		if ev.Kind == event.Annotated || ev.Kind == event.Error {
			marked = append(marked, ev)
		}
		switch ev.Kind {
		case event.TurnCompleted:
			res.History = append(res.History, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
		case event.Error:
			if ev.Failure != event.CheckFailure { // the run went on without the check
				res.Errors++
			}
			res.Failures.add(ev)
		case event.UsageReported:
			res.Tokens += ev.Usage.Prompt + ev.Usage.Completion
			res.Roles.add(j.mode, ev)
		}
	}
	res.Ending, err = live.Wait()
	source := res.Recording
	if source == "" {
		source = live.ID
	}
	res.Episode = report.FromRun(source, sc, j.mode, res.History, res.Ending, res.Errors)
	res.Episode.AddFailures(res.Failures.Kinds)
	res.Episode.Pair = report.PairKey(sc.ID, j.seed)
	res.Episode.Agreement = report.AgreementOf(sc, j.mode, res.History, marked, &res.Ending)
	return res, err
}
