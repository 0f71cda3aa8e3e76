package serve

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Sizes is a terminal's latest window size, handed from the transport to
// the game. Set never waits: a flood of window changes while the game is
// busy (drawing to a client that reads slowly) keeps only the last one,
// so the transport's request loop is never held by the game.
type Sizes struct {
	mu            sync.Mutex
	width, height int
	changed       chan struct{}
}

// NewSizes starts at w x h.
func NewSizes(w, h int) *Sizes {
	return &Sizes{width: w, height: h, changed: make(chan struct{}, 1)}
}

// Set records a new size.
func (s *Sizes) Set(w, h int) {
	s.mu.Lock()
	s.width, s.height = w, h
	s.mu.Unlock()
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// Size is the latest size.
func (s *Sizes) Size() (int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.width, s.height
}

// relay hands the latest size to out after each change, until ctx ends;
// changes that come while out is not taken are folded into one.
func (s *Sizes) relay(ctx context.Context, out chan<- tea.Msg) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.changed:
		}
		w, h := s.Size()
		select {
		case out <- tea.WindowSizeMsg{Width: w, Height: h}:
		case <-ctx.Done():
			return
		}
	}
}
