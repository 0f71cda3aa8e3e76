package serve

import (
	"context"
	"io"
	"net"
	"sync"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
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
// pastes cut to maxPaste, and no suspending (there is no shell to
// return to).
func filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		msg.Width, msg.Height = clampSize(msg.Width, msg.Height)
		return msg
	case tea.PasteMsg:
		if len(msg.Content) > maxPaste {
			cut := maxPaste
			for cut > 0 && !utf8.RuneStart(msg.Content[cut]) {
				cut--
			}
			msg.Content = msg.Content[:cut]
		}
		return msg
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

// rateReader passes on a player's input at most rate bytes a second
// after a burst of burst bytes (a token bucket). It makes the reader
// wait rather than drop, so a flood stays in the SSH channel's window
// and flow control stops the client from sending more: a 1 MB paste
// costs the server one window of memory and no CPU.
type rateReader struct {
	ctx    context.Context
	r      io.Reader
	rate   float64 // bytes a second
	burst  float64
	tokens float64
	last   time.Time
}

func newRateReader(ctx context.Context, r io.Reader, rate, burst int) *rateReader {
	return &rateReader{ctx: ctx, r: r, rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: time.Now()}
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
	return n, err
}

// seats counts the games under way, in all and per client address, and
// admits a new one only under the caps.
type seats struct {
	mu         sync.Mutex
	max, perIP int // perIP 0: no cap per address
	total      int
	byIP       map[string]int
}

// take reserves a place for a game from addr; it reports false, and
// reserves nothing, when a cap is reached.
func (s *seats) take(addr net.Addr) bool {
	ip := hostOf(addr)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.total >= s.max || (s.perIP > 0 && s.byIP[ip] >= s.perIP) {
		return false
	}
	s.total++
	if s.byIP == nil {
		s.byIP = map[string]int{}
	}
	s.byIP[ip]++
	return true
}

// give returns a place taken for addr.
func (s *seats) give(addr net.Addr) {
	ip := hostOf(addr)
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

// hostOf is an address without its port.
func hostOf(addr net.Addr) string {
	if addr == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}
