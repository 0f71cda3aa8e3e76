// Package batch runs many episodes headless (every scenario x mode x
// episode), records each, and summarizes them per mode.
package batch

import (
	"context"
	"fmt"
	"sync"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
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
	// Resolve turns a scenario reference and an episode's seed into a
	// scenario (library.Resolve in the app).
	Resolve  func(ref string, seed int64) (*scenario.Scenario, error)
	Factory  episode.Factory
	Annotate func(*scenario.Scenario, view.Mode) run.Annotator
	// Progress, when set, is called after each finished episode.
	Progress func(done, total int)
	// MaxUtterance caps a turn's text (run.Config.MaxUtterance).
	MaxUtterance int
}

// Result is one finished episode.
type Result struct {
	Ref       string
	Mode      view.Mode
	Seed      int64
	Scenario  *scenario.Scenario
	History   []run.Turn
	Errors    int
	Failures  Failures
	Ending    event.Ending
	Recording string
}

type job struct {
	index int
	ref   string
	mode  view.Mode
	seed  int64
}

// Run plays every episode and returns the results in a stable order
// (reference, mode, episode), whatever the concurrency.
func Run(ctx context.Context, o Options) ([]Result, error) {
	var jobs []job
	for _, ref := range o.Refs {
		for _, mode := range o.Modes {
			for k := 0; k < o.Episodes; k++ {
				jobs = append(jobs, job{index: len(jobs), ref: ref, mode: mode, seed: o.Seed + int64(k)})
			}
		}
	}
	results := make([]Result, len(jobs))
	work := make(chan job)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		done     int
	)
	workers := max(o.Concurrency, 1)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				res, err := o.play(ctx, j)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				results[j.index] = res
				done++
				if o.Progress != nil {
					o.Progress(done, len(jobs))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, j := range jobs {
		mu.Lock()
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
	if firstErr != nil {
		return nil, firstErr
	}
	return results, ctx.Err()
}

func (o Options) play(ctx context.Context, j job) (Result, error) {
	sc, err := o.Resolve(j.ref, j.seed)
	if err != nil {
		return Result{}, err
	}
	live, err := episode.Start(ctx, episode.Spec{
		Scenario: sc, Mode: j.mode, Seed: j.seed, Factory: o.Factory,
		Annotate: o.Annotate, RecordDir: o.OutDir, Buffer: 64, MaxUtterance: o.MaxUtterance,
	})
	if err != nil {
		return Result{}, fmt.Errorf("%s (%s): %w", j.ref, j.mode, err)
	}
	res := Result{Ref: j.ref, Mode: j.mode, Seed: j.seed, Scenario: sc, Recording: live.Recording}
	for ev := range live.Events {
		switch ev.Kind {
		case event.TurnCompleted:
			res.History = append(res.History, run.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
		case event.Error:
			res.Errors++
			res.Failures.add(ev)
		}
	}
	res.Ending, err = live.Wait()
	return res, err
}
