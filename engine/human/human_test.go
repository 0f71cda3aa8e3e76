package human

import (
	"context"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
)

func TestBackendWaitsForTheMove(t *testing.T) {
	b := New()
	var streamed []string
	req := run.Request{Emit: func(d string) { streamed = append(streamed, d) }}
	ctx := newWaitedContext(context.Background())
	go func() {
		<-ctx.waited // the turn waits for a move now
		if !b.Submit(event.Action{Type: event.Speak, Text: "hello"}) {
			t.Error("submit refused")
		}
	}()
	res, err := b.Turn(ctx, req)
	if err != nil || res.Action.Text != "hello" || len(streamed) != 1 {
		t.Fatalf("turn %+v %v %v", res, err, streamed)
	}
	if !b.Submit(event.Action{Text: "one"}) || b.Submit(event.Action{Text: "two"}) {
		t.Fatal("a second pending move was accepted")
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := New().Turn(canceled, req); err == nil {
		t.Fatalf("cancelled turn returned %+v", res)
	}
}

// waitedContext closes waited the first time someone asks for Done, which
// a turn does when it starts waiting for the move: the test then knows
// the turn waits, without sleeping to let it get there.
type waitedContext struct {
	context.Context
	waited chan struct{}
	once   sync.Once
}

func newWaitedContext(ctx context.Context) *waitedContext {
	return &waitedContext{Context: ctx, waited: make(chan struct{})}
}

func (c *waitedContext) Done() <-chan struct{} {
	c.once.Do(func() { close(c.waited) })
	return c.Context.Done()
}
