package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/tui/studybar"
)

// statusEvery is how often the plain status line is printed (a variable
// for tests).
var statusEvery = 5 * time.Second

// progressDisplay shows how a study advances: bars on a terminal, else a
// status line every few seconds.
type progressDisplay struct {
	mu   sync.Mutex
	p    batch.Progress
	term *studybar.Display
	stop chan struct{}
	done chan struct{}
	// start is when the study started and now the clock: the elapsed
	// time, and so the rate and the time left, keep moving while no
	// episode ends (a run held back by --rpm). ended freezes them.
	start time.Time
	now   func() time.Time
	ended bool
}

// showProgress starts the display on w for a study of plan.
func showProgress(ctx context.Context, w io.Writer, plan batch.Progress) *progressDisplay {
	d := newProgressDisplay(plan, time.Now)
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		// The bars say when the study is stopping; a note printed over
		// them would garble the screen.
		stopNoticeShown.Store(true)
		d.term = studybar.Start(ctx, w, d.latest)
		close(d.done)
		return d
	}
	go func() {
		defer close(d.done)
		tick := time.NewTicker(statusEvery)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				fmt.Fprintln(w, "omnigap run:", studybar.StatusLine(d.latest()))
			case <-d.stop:
				return
			}
		}
	}()
	return d
}

func newProgressDisplay(plan batch.Progress, now func() time.Time) *progressDisplay {
	return &progressDisplay{p: plan, stop: make(chan struct{}), done: make(chan struct{}), start: now(), now: now}
}

// update takes a study's latest progress (batch.Options.Progress).
func (d *progressDisplay) update(p batch.Progress) {
	d.mu.Lock()
	d.p = p
	d.p.Modes = slices.Clone(p.Modes)
	d.mu.Unlock()
}

func (d *progressDisplay) latest() batch.Progress {
	d.mu.Lock()
	defer d.mu.Unlock()
	p := d.p
	p.Modes = slices.Clone(d.p.Modes)
	if !d.ended {
		p.Elapsed = max(p.Elapsed, d.now().Sub(d.start))
	}
	return p
}

// finish shows the final progress and lets go of the output.
func (d *progressDisplay) finish(p batch.Progress) {
	d.update(p)
	d.mu.Lock()
	d.ended = true
	d.mu.Unlock()
	close(d.stop)
	<-d.done
	if d.term != nil {
		d.term.Stop()
		stopNoticeShown.Store(false)
	}
}
