package room

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Bucket passes a player's input at most rate bytes a second after a
// burst of burst bytes (a token bucket). Take waits rather than drops, so
// a flood stays in the transport's window and flow control stops the
// client from sending more. It is safe from any goroutine.
type Bucket struct {
	mu     sync.Mutex
	rate   float64 // bytes a second
	burst  float64
	tokens float64
	last   time.Time
}

func newBucket(rate, burst int) *Bucket {
	return &Bucket{rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// wait waits until at least need bytes are allowed, then spends spend of
// them (all that are allowed when spend is below 0, at most max) and
// says how many it spent.
func (b *Bucket) wait(ctx context.Context, need, spend float64) (int, error) {
	for {
		b.mu.Lock()
		now := time.Now()
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
		b.last = now
		if b.tokens >= need {
			if spend < 0 {
				spend = b.tokens
			}
			b.tokens -= spend
			b.mu.Unlock()
			return int(spend), nil
		}
		wait := time.Duration((need - b.tokens) / b.rate * float64(time.Second))
		b.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return 0, ctx.Err()
		}
	}
}

// Take waits until n bytes are allowed (a message read whole: n over
// the burst waits for a full bucket and leaves it in debt) and spends
// them.
func (b *Bucket) Take(ctx context.Context, n int) error {
	_, err := b.wait(ctx, min(float64(n), b.burst), float64(n))
	return err
}

// give returns bytes allowed but not used.
func (b *Bucket) give(n int) {
	b.mu.Lock()
	b.tokens += float64(n)
	b.mu.Unlock()
}

// rateReader is a reader held to a Bucket: a 1 MB paste costs the server
// one window of memory and no CPU. Each byte read is the player doing
// something (watch.touch).
type rateReader struct {
	ctx    context.Context
	r      io.Reader
	watch  *watch
	bucket *Bucket
}

func (rr *rateReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	allowed, err := rr.bucket.wait(rr.ctx, 1, -1)
	if err != nil {
		return 0, io.EOF
	}
	n, err := rr.r.Read(p[:min(len(p), allowed)])
	rr.bucket.give(allowed - n)
	if n > 0 {
		rr.watch.touch()
	}
	return n, err
}

// watch ends a game whose player does nothing for idle (no byte of
// input: keepalives, window changes and the game's own output do not
// count) or whose client takes none of a frame for idle (a write blocked
// that long). One timer, moved forward as it finds the player active.
type watch struct {
	idle      time.Duration
	lastInput atomic.Int64 // unix nanoseconds
	writing   atomic.Int64 // unix nanoseconds since a write started, 0 when none is under way
	timer     *time.Timer
	expire    func(why string)
	once      sync.Once
	stopped   atomic.Bool
}

func newWatch(idle time.Duration, expire func(why string)) *watch {
	w := &watch{idle: idle, expire: expire}
	w.touch()
	w.timer = time.AfterFunc(idle, w.check)
	return w
}

func (w *watch) touch() { w.lastInput.Store(time.Now().UnixNano()) }

// check runs when the earliest deadline may have passed: it ends the game
// or sets the timer for the next deadline. A write starts after the last
// input it could be blamed with, so its deadline is never before the
// input's and the timer never fires late for it.
func (w *watch) check() {
	if w.stopped.Load() {
		return
	}
	now := time.Now()
	next := time.Unix(0, w.lastInput.Load()).Add(w.idle)
	why := "no input"
	if since := w.writing.Load(); since != 0 {
		if d := time.Unix(0, since).Add(w.idle); d.Before(next) {
			next, why = d, "its client took no output"
		}
	}
	if !now.Before(next) {
		w.once.Do(func() { w.expire(why + " for " + w.idle.String()) })
		return
	}
	w.timer.Reset(next.Sub(now))
}

func (w *watch) stop() {
	w.stopped.Store(true)
	w.timer.Stop()
}

// stallWriter marks each write under way in the watch, so a client that
// stops reading is ended after idle even while the game is blocked
// writing to it.
type stallWriter struct {
	w     io.Writer
	watch *watch
}

func (s stallWriter) Write(p []byte) (int, error) {
	s.watch.writing.Store(time.Now().UnixNano())
	defer s.watch.writing.Store(0)
	return s.w.Write(p)
}

// seats counts the games under way, in all and per client address, and
// admits a new one only under the caps.
type seats struct {
	mu         sync.Mutex
	max, perIP int // perIP 0: no cap per address
	total      int
	byIP       map[string]int
}

// take reserves a place for a game from addr; when a cap is reached it
// reserves nothing and says, for the player, which one.
func (s *seats) take(ip string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.total >= s.max {
		return fmt.Sprintf("The room is full (%d games under way). Try again in a minute.", s.total)
	}
	if s.perIP > 0 && s.byIP[ip] >= s.perIP {
		return fmt.Sprintf("Too many games from your address (%d under way, %d allowed). Try again when one ends.", s.byIP[ip], s.perIP)
	}
	s.total++
	if s.byIP == nil {
		s.byIP = map[string]int{}
	}
	s.byIP[ip]++
	return ""
}

// give returns a place taken for ip.
func (s *seats) give(ip string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total--
	if s.byIP[ip]--; s.byIP[ip] <= 0 {
		delete(s.byIP, ip)
	}
}

// inUse is the number of games under way.
func (s *seats) inUse() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}
