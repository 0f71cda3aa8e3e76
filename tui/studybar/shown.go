package studybar

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
)

// Shown shows how a study advances: bars on a terminal, else a status
// line every few seconds.
type Shown struct {
	mu   sync.Mutex
	p    batch.Progress
	term *Display
	// bars is told when the bars start (true) and stop (false).
	bars func(on bool)
	stop chan struct{}
	done chan struct{}
	// start is when the study started and now the clock: the elapsed
	// time, and so the rate and the time left, keep moving while no
	// episode ends (a run held back by --rpm). ended freezes them.
	start time.Time
	now   func() time.Time
	ended bool
}

// Show starts the display on w for a study of plan: the bars on a
// terminal (bars is told when they start and stop: a note printed over
// them would garble the screen), else a status line every so often.
func Show(ctx context.Context, w io.Writer, plan batch.Progress, every time.Duration, bars func(on bool)) *Shown {
	d := newShown(plan, time.Now)
	d.bars = bars
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		bars(true)
		d.term = Start(ctx, w, d.latest)
		close(d.done)
		return d
	}
	go func() {
		defer close(d.done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				fmt.Fprintln(w, "omnigap run:", StatusLine(d.latest()))
			case <-d.stop:
				return
			}
		}
	}()
	return d
}

func newShown(plan batch.Progress, now func() time.Time) *Shown {
	return &Shown{p: plan, stop: make(chan struct{}), done: make(chan struct{}), start: now(), now: now}
}

// Update takes a study's latest progress (batch.Options.Progress).
func (d *Shown) Update(p batch.Progress) {
	d.mu.Lock()
	d.p = p
	d.p.Modes = slices.Clone(p.Modes)
	d.mu.Unlock()
}

func (d *Shown) latest() batch.Progress {
	d.mu.Lock()
	defer d.mu.Unlock()
	p := d.p
	p.Modes = slices.Clone(d.p.Modes)
	if !d.ended {
		p.Elapsed = max(p.Elapsed, d.now().Sub(d.start))
	}
	return p
}

// Finish shows the final progress and lets go of the output.
func (d *Shown) Finish(p batch.Progress) {
	d.Update(p)
	d.mu.Lock()
	d.ended = true
	d.mu.Unlock()
	close(d.stop)
	<-d.done
	if d.term != nil {
		d.term.Stop()
		d.bars(false)
	}
}
