package room

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Terminal sizes a game is drawn at: a window outside them is clamped, so
// a client claiming 10000x10000 cells gets a screen the layout can use
// (wider panes only add blank space) rather than frames of 100 million
// cells.
const (
	maxWidth  = 400
	maxHeight = 200
)

// maxPaste is the most of one paste that reaches the game: the input box
// keeps run.DefaultMaxUtterance characters of it anyway.
const maxPaste = 8 << 10

// clampSize keeps a window's size within 1..maxWidth and 1..maxHeight.
func clampSize(w, h int) (int, int) {
	return min(max(w, 1), maxWidth), min(max(h, 1), maxHeight)
}

// filter is every served program's message filter: window sizes clamped,
// pastes cut to maxPaste, typed text cleaned as the transcript is (a bidi
// override or a control character typed is dropped), and no suspending
// (there is no shell to return to).
func filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		msg.Width, msg.Height = clampSize(msg.Width, msg.Height)
		return msg
	case tea.KeyPressMsg:
		if msg.Text == "" {
			return msg
		}
		clean := textsafe.Clean(msg.Text)
		if clean == "" {
			return nil
		}
		msg.Text = clean
		return msg
	case tea.PasteMsg:
		if len(msg.Content) > maxPaste {
			cut := maxPaste
			for cut > 0 && !utf8.RuneStart(msg.Content[cut]) {
				cut--
			}
			msg.Content = msg.Content[:cut]
		}
		msg.Content = textsafe.Clean(msg.Content)
		return msg
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

// rateReader passes on a player's input at most rate bytes a second
// after a burst of burst bytes (a token bucket). It makes the reader
// wait rather than drop, so a flood stays in the transport's window and
// flow control stops the client from sending more: a 1 MB paste costs
// the server one window of memory and no CPU. Each byte read is the
// player doing something (watch.touch).
type rateReader struct {
	ctx    context.Context
	r      io.Reader
	watch  *watch
	rate   float64 // bytes a second
	burst  float64
	tokens float64
	last   time.Time
}

func newRateReader(ctx context.Context, r io.Reader, w *watch, rate, burst int) *rateReader {
	return &rateReader{ctx: ctx, r: r, watch: w, rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

func (rr *rateReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		now := time.Now()
		rr.tokens = min(rr.burst, rr.tokens+now.Sub(rr.last).Seconds()*rr.rate)
		rr.last = now
		if rr.tokens >= 1 {
			break
		}
		wait := time.Duration((1 - rr.tokens) / rr.rate * float64(time.Second))
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-rr.ctx.Done():
			t.Stop()
			return 0, io.EOF
		}
	}
	n, err := rr.r.Read(p[:min(len(p), int(rr.tokens))])
	rr.tokens -= float64(n)
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
