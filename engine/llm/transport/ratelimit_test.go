package transport

import (
	"context"
	"testing"
	"time"
)

// TestTPMWaitsForTokensToLeaveTheWindow: two calls whose tokens together
// pass the cap go one window apart; one larger than the cap alone still
// goes, in an empty window.
func TestTPMWaitsForTokensToLeaveTheWindow(t *testing.T) {
	const window = 100 * time.Millisecond
	l := newLimiter(Limits{TPM: 100, Window: window})
	ctx := context.Background()
	g, err := l.acquire(ctx, 500)
	if err != nil {
		t.Fatal(err)
	}
	g.ended(60) // the server counted 60
	first := time.Now()
	g, err = l.acquire(ctx, 30)
	if err != nil {
		t.Fatal(err)
	}
	g.ended(30)
	if time.Since(first) > window/2 {
		t.Errorf("90 of 100 tokens waited %v", time.Since(first))
	}
	g, err = l.acquire(ctx, 30)
	if err != nil {
		t.Fatal(err)
	}
	g.ended(0)
	if waited := time.Since(first); waited < window {
		t.Errorf("120 of 100 tokens in %v, less than the window %v", waited, window)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := l.acquire(cancelled, 90); err == nil {
		t.Error("a cancelled wait for the cap went through")
	}
}

// TestTPMFirstCallGoesAlone: under a token cap, a second call waits for
// the first to end although its guess fits, since nothing is known yet of
// how far guesses fall short; from then on calls overlap.
func TestTPMFirstCallGoesAlone(t *testing.T) {
	l := newLimiter(Limits{TPM: 1000, Window: time.Minute})
	ctx := context.Background()
	first, err := l.acquire(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	first.begun()
	waiting, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := l.acquire(waiting, 10); err == nil {
		t.Fatal("a second call went while the first was in flight and nothing was learned")
	}
	second := make(chan *grant)
	go func() {
		g, err := l.acquire(ctx, 10)
		if err != nil {
			t.Error(err)
		}
		second <- g
	}()
	first.ended(40) // the server counted 40: guesses fall 30 short
	select {
	case g := <-second:
		if g.s.tokens != 40 {
			t.Errorf("the second call holds %d tokens, want its guess 10 plus the 30 learned", g.s.tokens)
		}
		// Settled: a third call overlaps the second.
		if _, err := l.acquire(ctx, 10); err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second call still waits after the first ended")
	}
}
