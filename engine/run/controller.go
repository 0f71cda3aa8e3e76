package run

import (
	"context"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/event"
)

// Controller pauses, resumes and steps one run, sets its pace, and hands a
// seat to another backend (a human) and back. Every method is safe to call
// from any goroutine; every front end drives runs through it.
type Controller struct {
	mu     sync.Mutex
	paused bool
	steps  int
	// started counts the turns let through; parked is set while the run
	// waits at the gate before a turn.
	started   int
	parked    bool
	pace      time.Duration
	overrides [2]Backend
	// handed[seat] is closed when the seat changes hands, so that a turn
	// waiting on a person can be given back at once.
	handed [2]chan struct{}
	wake   chan struct{}
	// pauseAfter, when set, pauses the run after an event it matches.
	pauseAfter func(event.Event) bool
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

// PauseAfter makes the run pause itself, before its next turn, after each
// event that stop matches (the presenter stops at every leak).
func (c *Controller) PauseAfter(stop func(event.Event) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pauseAfter = stop
}

// Passed is called by the run, from its own goroutine, for every event it
// has sent, so that a PauseAfter condition stops it right there.
func (c *Controller) Passed(ev event.Event) {
	c.mu.Lock()
	stop := c.pauseAfter
	c.mu.Unlock()
	if stop != nil && stop(ev) {
		c.Pause()
	}
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

// AwaitTurn blocks while the run is paused and no step is pending. A run
// calls it before each turn.
func (c *Controller) AwaitTurn(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	defer func() { c.parked = false }()
	for {
		if !c.paused {
			c.started++
			return nil
		}
		if c.steps > 0 {
			c.steps--
			c.started++
			return nil
		}
		c.parked = true
		wake := c.wake
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			c.mu.Lock()
			return ctx.Err()
		case <-wake:
		}
		c.mu.Lock()
	}
}

// Parked reports whether the run waits at the gate before a turn with no
// step pending: until Resume or Step it plays nothing. Tests use it to
// know that a paused run has stopped, without waiting to see.
func (c *Controller) Parked() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.parked && c.paused && c.steps == 0
}

// Started is how many turns the controller has let the run start.
func (c *Controller) Started() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.started
}

// Sleep waits d, or less if ctx ends first (its error then).
func Sleep(ctx context.Context, d time.Duration) error {
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
