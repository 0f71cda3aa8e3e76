package rejudge

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/record"
)

// Options say how to judge.
type Options struct {
	Judge *llm.Judge
	// Settings are what each copy's header adds (llm.Factory.JudgeSettings).
	Settings map[string]string
	// Resume keeps the copies that hold this judge's scores already and
	// judges the rest again; Force replaces existing copies.
	Resume, Force bool
	// Concurrency is how many recordings are judged at once.
	Concurrency int
	// Done is told of each job as it ends, from one goroutine at a time.
	Done func(Result)
}

// State is how a job ended.
type State int

// A job's copy was written with the judge's scores (Judged), kept as it
// was (Kept: --resume found it judged), written with the judge's failure
// noted (Failed), or not written: the recording cannot be judged or the
// copy written (Refused).
const (
	Judged State = iota
	Kept
	Failed
	Refused
)

// Result is one job's end.
type Result struct {
	Job
	State State
	// Err says why the judge failed or the job was refused.
	Err error
	// Usage are the judge's calls.
	Usage []event.Usage
}

// Run judges the jobs, Concurrency at a time, and returns how each
// ended, in the jobs' order. When ctx ends the jobs in flight stop
// unwritten and Run returns ctx's error with the results so far.
func Run(ctx context.Context, jobs []Job, o Options) ([]Result, error) {
	results := make([]Result, len(jobs))
	todo := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range max(o.Concurrency, 1) {
		wg.Go(func() {
			for i := range todo {
				r := o.one(ctx, jobs[i])
				if ctx.Err() != nil {
					continue
				}
				mu.Lock()
				results[i] = r
				if o.Done != nil {
					o.Done(r)
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range jobs {
		select {
		case todo <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(todo)
	wg.Wait()
	return results, ctx.Err()
}

// one judges one recording and writes its copy.
func (o Options) one(ctx context.Context, job Job) Result {
	r := Result{Job: job}
	if o.Resume {
		if done, err := o.kept(ctx, job); err != nil || done {
			r.State, r.Err = Kept, err
			if err != nil {
				r.State = Refused
			}
			return r
		}
	}
	j, err := Score(ctx, o.Judge, job.Path)
	if err != nil {
		r.State, r.Err = Refused, err
		return r
	}
	r.Usage, r.Err = j.Usage, j.Err
	if r.Err != nil {
		r.State = Failed
	}
	if err := j.Write(job.Copy, o.Settings, o.Force || o.Resume); err != nil {
		r.State, r.Err = Refused, err
	}
	return r
}

// kept reports whether job's copy holds this judge's scores already.
func (o Options) kept(ctx context.Context, job Job) (bool, error) {
	if _, err := os.Lstat(job.Copy); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	rec, err := record.ReadTurns(ctx, job.Copy)
	if err != nil {
		return false, nil // an unreadable copy is judged again, in its place
	}
	return judged(rec, o.Settings)
}
