package human

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func TestParseMoves(t *testing.T) {
	cl := generate.Craigslist(4)
	buyer := view.For(cl, view.Agents, scenario.BuyerSeat)
	offerBySeller := []run.Turn{{Seat: scenario.SellerSeat, Action: event.Action{Type: event.Offer, Price: event.PriceOf(300)}}}
	offerByBuyer := []run.Turn{{Seat: scenario.BuyerSeat, Action: event.Action{Type: event.Offer, Price: event.PriceOf(250)}}}
	mf := generate.MutualFriends(4)
	player := view.For(mf, view.Agents, 0)
	friend := mf.Friends.Lists[0][1].Name
	first, _, _ := strings.Cut(friend, " ")

	cases := []struct {
		input   string
		v       view.View
		history []run.Turn
		want    event.Action
		err     string
	}{
		{"How about 250?", buyer, nil, event.Action{Type: event.Speak, Text: "How about 250?"}, ""},
		{"  /offer 120 ", buyer, nil, event.Action{Type: event.Offer, Text: "My offer is $120.", Price: event.PriceOf(120)}, ""},
		{"/offer $1,200", buyer, nil, event.Action{Type: event.Offer, Text: "My offer is $1,200.", Price: event.PriceOf(1200)}, ""},
		{"/offer two fifty", buyer, nil, event.Action{Type: event.Offer, Text: "My offer is $250.", Price: event.PriceOf(250)}, ""},
		{"/offer", buyer, nil, event.Action{}, "needs a price"},
		{"/offer lots", buyer, nil, event.Action{}, "needs a price"},
		{"/accept", buyer, offerBySeller, event.Action{Type: event.Accept, Text: "I accept $300."}, ""},
		{"/REJECT", buyer, offerBySeller, event.Action{Type: event.Reject, Text: "I can't accept $300."}, ""},
		{"/accept", buyer, nil, event.Action{}, "no formal offer from"},
		{"/accept", buyer, offerByBuyer, event.Action{}, "no formal offer from"},
		{"/act shrugs", buyer, nil, event.Action{Type: event.NonVerbal, Text: "shrugs"}, ""},
		{"/act", buyer, nil, event.Action{}, "needs a description"},
		{"/leave", buyer, nil, event.Action{Type: event.Leave, Text: "I'm going to leave it here."}, ""},
		{"/leave not worth it", buyer, nil, event.Action{Type: event.Leave, Text: "not worth it"}, ""},
		{"/select " + friend, buyer, nil, event.Action{}, "mutual friends game"},
		{"/offer 100", player, nil, event.Action{}, "offers are for Craigslist"},
		{"/select " + strings.ToUpper(friend), player, nil, event.Action{Type: event.Select, Text: "I think it's " + friend + ".", Friend: friend}, ""},
		{"/select " + first, player, nil, event.Action{Type: event.Select, Text: "I think it's " + friend + ".", Friend: friend}, ""},
		{"/select Nobody Atall", player, nil, event.Action{}, "not in your friend list"},
		{"/select", player, nil, event.Action{}, "needs a name"},
		{"/dance", buyer, nil, event.Action{}, "unknown command /dance"},
		{"   ", buyer, nil, event.Action{}, "type something"},
	}
	for _, c := range cases {
		got, err := Parse(c.input, c.v, c.history)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.input, err, c.err)
			}
			continue
		}
		if err != nil || got.Type != c.want.Type || got.Text != c.want.Text || got.Friend != c.want.Friend || !samePrice(got.Price, c.want.Price) {
			t.Errorf("%q: got %+v (%v), want %+v", c.input, got, err, c.want)
		}
	}
	if _, err := Parse("/help", buyer, nil); !errors.Is(err, ErrHelp) {
		t.Errorf("/help: %v", err)
	}
	if h := Help(scenario.Craigslist); !strings.Contains(h, "/offer PRICE") || strings.Contains(h, "/select") {
		t.Errorf("craigslist help:\n%s", h)
	}
}

func samePrice(a, b *float64) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

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
