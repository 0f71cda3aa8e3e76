package craigslist

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

func listingScenario(t *testing.T, listing, sellerTarget, sellerBottom, buyerTarget, buyerBottom float64) *scenario.Scenario {
	t.Helper()
	sc := generate.Craigslist(1)
	c := *sc
	c.Data = &cl.Listing{Item: "Road bike", Category: "bike", ListingPrice: listing,
		Seller: cl.PriceLimits{Target: sellerTarget, Bottomline: sellerBottom},
		Buyer:  cl.PriceLimits{Target: buyerTarget, Bottomline: buyerBottom}}
	c.Seats = append([]scenario.Seat(nil), sc.Seats...)
	for i := range c.Seats {
		c.Seats[i].Facts = nil
	}
	c.EnvFacts, c.PublicFacts = nil, nil
	c.Normalize()
	return &c
}

func TestEndsWithAcceptedDeal(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 350, 460)
	// A human buyer who writes prices as words would, with no structured price.
	events := builtintest.Against(t, sc, view.Agents, cl.BuyerSeat, &builtintest.Human{Actions: []event.Action{
		builtintest.Say("hi! would you take 380 dollars?"),
		builtintest.Say("ok, I could do $420"),
		{Type: event.Accept, Text: "deal"},
		{Type: event.Accept, Text: "great"},
	}})
	// The buyer's "deal" agrees to the seller's standing price, which the
	// seller then puts as a formal offer for the buyer to accept.
	e := builtintest.Ending(events)
	if e.Reason != event.Accepted || salePrice(e.Outcome) < 420 || salePrice(e.Outcome) > 480 {
		for _, ev := range builtintest.Turns(events) {
			t.Logf("%d %s %+v", ev.Turn, ev.Speaker, *ev.Action)
		}
		t.Fatalf("ended %s (%s)", e.Reason, e.Outcome.Summary)
	}
}

func TestBotAcceptsGoodFormalOffer(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 350, 460)
	events := builtintest.Against(t, sc, view.Agents, cl.BuyerSeat, &builtintest.Human{Actions: []event.Action{
		{Type: event.Offer, Text: "I'll pay $430, final offer.", Arg: cl.Price(430)},
	}})
	e := builtintest.Ending(events)
	if e.Reason != event.Accepted || !e.Outcome.Good() || salePrice(e.Outcome) != 430 {
		t.Fatalf("ended %s: %s", e.Reason, e.Outcome.Summary)
	}
}

// An offer made in words only, with no structured price, opens nothing the
// referee can settle: the bot answers it with its own formal offer.
func TestBotAnswersWordOnlyOfferWithFormalOffer(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 350, 460)
	events := builtintest.Against(t, sc, view.Agents, cl.BuyerSeat, &builtintest.Human{Actions: []event.Action{
		{Type: event.Offer, Text: "I'll pay $485, final offer."},
		{Type: event.Accept, Text: "great"},
	}})
	e := builtintest.Ending(events)
	if e.Reason != event.Accepted || salePrice(e.Outcome) != 485 {
		t.Fatalf("ended %s: %s", e.Reason, e.Outcome.Summary)
	}
}

func TestBotRejectsFormalOfferBelowBottomline(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 350, 460)
	events := builtintest.Against(t, sc, view.Agents, cl.BuyerSeat, &builtintest.Human{Actions: []event.Action{
		{Type: event.Offer, Text: "Take it or leave it: $300.", Arg: cl.Price(300)},
	}})
	e := builtintest.Ending(events)
	if e.Reason != event.Rejected || e.Outcome.Good() {
		t.Fatalf("ended %s: %s", e.Reason, e.Outcome.Summary)
	}
	last := builtintest.Turns(events)[len(builtintest.Turns(events))-1]
	if last.Seat != cl.SellerSeat || last.Action.Type != event.Reject {
		t.Fatalf("last turn %+v", last.Action)
	}
}

// A first low offer gets a counter-offer, not a walk-out, whether or not
// the seller can see the buyer's mind.
func TestLowballGetsCounterOffer(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 250, 460)
	for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
		events := builtintest.Against(t, sc, mode, cl.BuyerSeat, &builtintest.Human{Actions: []event.Action{builtintest.Say("Would you take $200?")}})
		reply := builtintest.Turns(events)[2]
		if reply.Action.Type != event.Speak || !hasPrice(reply.Action) {
			t.Fatalf("%s seller answered a lowball with %+v", mode, reply.Action)
		}
		for _, ev := range builtintest.Turns(events)[:4] {
			if ev.Action.Type == event.Leave {
				t.Fatalf("%s seller left at turn %d", mode, ev.Turn)
			}
		}
	}
}

// A human may take over a bot's seat for some turns; the bot then carries
// on from the history, counting the human's prices as its own.
func TestBotResumesAfterTakeOver(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 450, 470)
	backends, err := builtin.Factory{}.Backends(sc, view.Agents, 2)
	if err != nil {
		t.Fatal(err)
	}
	ctl := run.NewController(0)
	ctl.TakeOver(cl.SellerSeat, &builtintest.Human{Actions: []event.Action{builtintest.Say("I'm asking 470 for it")}})
	// Unbuffered: the run waits for each event, so the hand-back after turn
	// 1 lands before the seller's next turn.
	out := make(chan event.Event)
	var done []event.Event
	finished := make(chan struct{})
	go func() {
		for ev := range out {
			if ev.Kind == event.TurnCompleted {
				done = append(done, ev)
				if ev.Turn == 1 {
					ctl.HandBack(cl.SellerSeat)
				}
			}
		}
		close(finished)
	}()
	run.Run(context.Background(), run.Config{ID: "t", Scenario: sc, Mode: view.Agents, Backends: backends, Control: ctl}, out)
	close(out)
	<-finished
	if done[0].Backend != "human" || done[2].Backend != builtin.BotName {
		t.Fatalf("turn 1 by %s, turn 3 by %s", done[0].Backend, done[2].Backend)
	}
	// The bot counts the human's $470 as its own price: it never asks
	// more than that again, though its own opening would have been higher.
	buyer := priceOf(done[1].Action)
	if p, ok := cl.PriceOf(*done[2].Action); !ok || p > 470 || p < buyer {
		t.Fatalf("bot after take-over: %+v, want a price from %v to 470", done[2].Action, buyer)
	}
}

// With few turns left a player makes a formal offer while the partner still
// has a turn to accept it.
func TestTurnLimitEndsWithFormalOfferInTime(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 450, 470)
	sc.MaxTurns = 6
	e := builtintest.Ending(builtintest.Play(t, sc, view.Agents, 1))
	if e.Reason != event.Accepted {
		t.Fatalf("with 6 turns the bots ended %s: %s", e.Reason, e.Outcome.Summary)
	}
}

// A person playing the buyer who opens at 75% of the listing meets a
// seller who negotiates, whatever the seed: its answer names a price, and
// it does not walk out.
func TestSensibleFirstOfferGetsCounterOnEverySeed(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
		for seed := int64(1); seed <= 100; seed++ {
			backends, err := builtin.Factory{}.Backends(sc, mode, seed)
			if err != nil {
				t.Fatal(err)
			}
			backends[cl.BuyerSeat] = &builtintest.Human{Actions: []event.Action{builtintest.Say("Would you take $487.50 for it?")}}
			out := make(chan event.Event, 256)
			run.Run(context.Background(), run.Config{ID: "t", Scenario: sc, Mode: mode, Backends: backends}, out)
			close(out)
			var events []event.Event
			for ev := range out {
				events = append(events, ev)
			}
			done := builtintest.Turns(events)
			if len(done) < 3 || done[2].Action.Type != event.Speak || !hasPrice(done[2].Action) {
				t.Fatalf("%s seed %d: the seller answered 75%% of the listing with %+v", mode, seed, done[min(2, len(done)-1)].Action)
			}
		}
	}
}
