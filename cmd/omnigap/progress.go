package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
)

// statusEvery is how often the plain status line is printed.
const statusEvery = 5 * time.Second

// progressDisplay shows how a study advances: a status line every few
// seconds on w.
type progressDisplay struct {
	w     io.Writer
	start time.Time
	mu    sync.Mutex
	last  time.Time
	// resumed counts the episodes found recorded, which cost no time and
	// are left out of the rate.
	resumed int
}

func newProgressDisplay(w io.Writer) *progressDisplay {
	now := time.Now()
	return &progressDisplay{w: w, start: now, last: now}
}

func (d *progressDisplay) update(p batch.Progress) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.resumed = p.Skipped
	if now := time.Now(); now.Sub(d.last) >= statusEvery {
		d.last = now
		fmt.Fprintln(d.w, d.statusLine(p, now))
	}
}

func (d *progressDisplay) stop(p batch.Progress) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if time.Since(d.start) >= statusEvery {
		fmt.Fprintln(d.w, d.statusLine(p, time.Now()))
	}
}

// statusLine says, in one line: done of total, per mode, rate, time left,
// tokens and errors.
func (d *progressDisplay) statusLine(p batch.Progress, now time.Time) string {
	var modes []string
	for _, m := range p.Modes {
		modes = append(modes, fmt.Sprintf("%s %d/%d", m.Mode, m.Done, m.Total))
	}
	line := fmt.Sprintf("omnigap run: %d/%d episodes (%s)", p.Done, p.Total, strings.Join(modes, ", "))
	rate, eta := d.pace(p, now)
	if rate > 0 {
		line += fmt.Sprintf(", %.1f/s, %s left", rate, eta)
	}
	if p.Tokens > 0 {
		line += fmt.Sprintf(", %d tokens", p.Tokens)
	}
	return line + fmt.Sprintf(", %d errors", p.Errors)
}

// pace is the episodes per second played so far and the time the rest
// will take at that rate.
func (d *progressDisplay) pace(p batch.Progress, now time.Time) (float64, time.Duration) {
	played := p.Done - d.resumed
	elapsed := now.Sub(d.start).Seconds()
	if played <= 0 || elapsed <= 0 {
		return 0, 0
	}
	rate := float64(played) / elapsed
	left := time.Duration(float64(p.Total-p.Done) / rate * float64(time.Second))
	return rate, left.Round(time.Second)
}
