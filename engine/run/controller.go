package run

import (
	"context"
	"sync"
	"time"
)

// Controller pauses, resumes and steps one run, sets its pace, and hands a
// seat to another backend (a human) and back. Every method is safe to call
// from any goroutine; every front end drives runs through it.
type Controller struct {
	mu        sync.Mutex
	paused    bool
	steps     int
	pace      time.Duration
	overrides [2]Backend
	// handed[seat] is closed when the seat changes hands, so that a turn
	// waiting on a person can be given back at once.
	handed [2]chan struct{}
	wake   chan struct{}
}

// NewController returns a running controller with the given word pace.
func NewController(pace time.Duration) *Controller {
	return &Controller{pace: pace, wake: make(chan struct{}), handed: [2]chan struct{}{make(chan struct{}), make(chan struct{})}}
}

// signal wakes every waiter; callers hold mu.
func (c *Controller) signal() {
	close(c.wake)
	c.wake = make(chan struct{})
}

// Pause stops the run before its next turn.
func (c *Controller) Pause() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused = true
	c.steps = 0
}

// Resume lets a paused run continue.
func (c *Controller) Resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused = false
	c.steps = 0
	c.signal()
}

// Toggle pauses a running run or resumes a paused one and says which.
func (c *Controller) Toggle() (paused bool) {
	if c.Paused() {
		c.Resume()
		return false
	}
	c.Pause()
	return true
}

// Paused reports whether the run waits before its next turn.
func (c *Controller) Paused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.paused
}

// Step lets a paused run play exactly one more turn. It does nothing to a
// running run.
func (c *Controller) Step() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.paused {
		c.steps++
		c.signal()
	}
}

// SetPace sets the delay between streamed words; 0 streams at once.
func (c *Controller) SetPace(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pace = max(d, 0)
}

// Pace returns the current delay between streamed words.
func (c *Controller) Pace() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pace
}

// TakeOver makes b play seat from the next turn on.
func (c *Controller) TakeOver(seat int, b Backend) { c.setOverride(seat, b) }

// HandBack returns seat to the backend the run started with. A turn that is
// waiting on the taken-over seat's player is given to that backend.
func (c *Controller) HandBack(seat int) { c.setOverride(seat, nil) }

func (c *Controller) setOverride(seat int, b Backend) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.overrides[seat] = b
	close(c.handed[seat])
	c.handed[seat] = make(chan struct{})
}

// override returns who has taken seat over (nil for nobody) and a channel
// closed when that changes.
func (c *Controller) override(seat int) (Backend, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.overrides[seat], c.handed[seat]
}

// awaitTurn blocks while the run is paused and no step is pending.
func (c *Controller) awaitTurn(ctx context.Context) error {
	for {
		c.mu.Lock()
		if !c.paused {
			c.mu.Unlock()
			return nil
		}
		if c.steps > 0 {
			c.steps--
			c.mu.Unlock()
			return nil
		}
		wake := c.wake
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
		}
	}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
