package tui

import (
	"errors"
	"slices"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
)

// frameInterval is the shortest gap between two batches delivered to the
// program: at most one UI message per ~25 ms for all panes together, so a
// fast stream never turns into one message (and one View) per token.
const frameInterval = 25 * time.Millisecond

// framesPerSecond is how often Bubble Tea may draw a changed frame. Its
// first frame waits for the first tick: at 120 (its most) the app's first
// screen comes about 8 ms sooner than at its default 60, and a key's
// answer too; a tick with nothing changed costs a comparison
// (docs/PERFORMANCE.md).
const framesPerSecond = 120

// runEvents is one run's share of a batch, in the order the run sent them.
type runEvents struct {
	run    string
	events []event.Event
}

// batchMsg delivers what every run emitted since the previous batch. Each
// part carries its run id; the root model routes it to the pane showing
// that run and drops parts of runs no pane shows any more.
type batchMsg []runEvents

// feed carries events from the runs to the program. One pump goroutine per
// run drains the run's channel into a shared mailbox, merging consecutive
// deltas of a turn; one flusher hands the mailbox over at most once per
// frame. Runs never wait for the screen, so they keep recording while the
// user reads, scrolls or pauses.
type feed struct {
	frame time.Duration

	mu      sync.Mutex
	pending map[string][]event.Event
	order   []string
	closing bool
	// retired are runs whose events nobody shows any more; a run started
	// later may take the same id (the same episode opened again).
	retired map[*episode.Live]bool
	errs    []error
	pumps   sync.WaitGroup

	// recorded, when set, is told each recording's path once it is closed.
	recorded func(path string)

	wake chan struct{}
	out  chan batchMsg
	done chan struct{}
}

func newFeed(frame time.Duration) *feed {
	f := &feed{
		frame:   frame,
		pending: map[string][]event.Event{},
		wake:    make(chan struct{}, 1),
		out:     make(chan batchMsg),
		done:    make(chan struct{}),
	}
	go f.flush()
	return f
}

// admit reserves a pump for a run about to start; it fails once the feed
// is closing, so no run starts that nobody would drain.
func (f *feed) admit() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closing {
		return false
	}
	f.pumps.Add(1)
	return true
}

// release gives back a reservation whose run did not start.
func (f *feed) release() { f.pumps.Done() }

// pump drains one admitted run until its channel closes, then collects the
// run's recording error.
func (f *feed) pump(l *episode.Live) {
	defer f.pumps.Done()
	for ev := range l.Events {
		f.put(l, ev)
	}
	f.mu.Lock()
	delete(f.retired, l)
	f.mu.Unlock()
	_, err := l.Wait()
	if err != nil {
		f.mu.Lock()
		f.errs = append(f.errs, err)
		f.mu.Unlock()
	}
	if f.recorded != nil && l.Recording != "" {
		f.recorded(l.Recording)
	}
}

func (f *feed) put(l *episode.Live, ev event.Event) {
	f.mu.Lock()
	if f.retired[l] {
		f.mu.Unlock()
		return
	}
	evs, seen := f.pending[ev.RunID]
	if !seen {
		f.order = append(f.order, ev.RunID)
	}
	if n := len(evs); n > 0 && ev.Kind == event.Delta && evs[n-1].Kind == event.Delta && evs[n-1].Turn == ev.Turn {
		evs[n-1].Delta += ev.Delta
	} else {
		evs = append(evs, ev)
	}
	f.pending[ev.RunID] = evs
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// retire drops the runs' events from now on, and those not handed over
// yet, so that a run started later under the same id gets none of them.
func (f *feed) retire(lives ...*episode.Live) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.retired == nil {
		f.retired = map[*episode.Live]bool{}
	}
	for _, l := range lives {
		f.retired[l] = true
		delete(f.pending, l.ID)
		f.order = slices.DeleteFunc(f.order, func(id string) bool { return id == l.ID })
	}
}

// take empties the mailbox.
func (f *feed) take() batchMsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	b := make(batchMsg, 0, len(f.order))
	for _, id := range f.order {
		b = append(b, runEvents{run: id, events: f.pending[id]})
	}
	f.pending, f.order = map[string][]event.Event{}, nil
	return b
}

func (f *feed) flush() {
	var last time.Time
	for {
		select {
		case <-f.wake:
		case <-f.done:
			return
		}
		if wait := f.frame - time.Since(last); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-f.done:
				t.Stop()
				return
			}
		}
		b := f.take()
		if len(b) == 0 {
			continue
		}
		select {
		case f.out <- b:
			last = time.Now()
		case <-f.done:
			return
		}
	}
}

// next is the command that waits for the next batch; the model issues it
// again after each batch it receives.
func (f *feed) next() tea.Cmd {
	return func() tea.Msg {
		select {
		case b := <-f.out:
			return b
		case <-f.done:
			return nil
		}
	}
}

// close waits for every admitted run to end (the caller cancels them
// first), stops the flusher and returns the recording errors.
func (f *feed) close() error {
	f.mu.Lock()
	f.closing = true
	f.mu.Unlock()
	f.pumps.Wait()
	close(f.done)
	f.mu.Lock()
	defer f.mu.Unlock()
	return errors.Join(f.errs...)
}
