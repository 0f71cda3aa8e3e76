package craigslist

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// playedScenarios are the library's listings and a few generated ones.
func playedScenarios(t *testing.T) []*scenario.Scenario {
	scs := builtintest.Library(t, scenario.Craigslist)
	for seed := int64(1); seed <= 12; seed++ {
		scs = append(scs, generate.Craigslist(seed))
	}
	return scs
}

// A lowball offer, a new price of the buyer's well under the seller's
// asking price or under what the seller would take, gets a word of its
// own before the seller's price, not just a counter: the seller says the
// buyer's price back first (unless it is one of the seller's own secret
// numbers). A steep asking price gets the same from the buyer.
func TestLowballGetsAReaction(t *testing.T) {
	reacted := [2]int{}
	for _, sc := range playedScenarios(t) {
		l := cl.ListingOf(sc)
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 10; seed++ {
				tt := builtintest.Turns(builtintest.Play(t, sc, mode, seed))
				var last, before [2]float64 // each seat's latest price, and the one before
				for i, ev := range tt {
					a := ev.Action
					seat := ev.Seat
					if i > 0 && a.Type == event.Speak && hasPrice(a) {
						prev := tt[i-1].Action
						if hasPrice(prev) && priceOf(prev) != before[1-seat] {
							p, asking := priceOf(prev), last[seat]
							if asking == 0 {
								asking = l.ListingPrice
							}
							lowball := seat == cl.SellerSeat && (p < l.Seller.Bottomline-1 || p < 0.75*asking)
							steep := seat == cl.BuyerSeat && l.Buyer.Bottomline > 0 && p > l.Buyer.Bottomline+1
							if (lowball || steep) && !secretNumber(sc, seat, p) {
								reacted[seat]++
								theirs, mine := strings.Index(a.Text, scenario.Money(p)), strings.LastIndex(a.Text, scenario.Money(priceOf(a)))
								if theirs < 0 || theirs >= mine {
									t.Errorf("%s %s seed %d turn %d: %s answered only with a price: %q after %q", sc.ID, mode, seed, ev.Turn, ev.Speaker, a.Text, prev.Text)
								}
							}
						}
					}
					if hasPrice(a) {
						before[seat], last[seat] = last[seat], priceOf(a)
					}
				}
			}
		}
	}
	if reacted[cl.SellerSeat] < 100 || reacted[cl.BuyerSeat] < 100 {
		t.Errorf("only %v prices out of reach", reacted)
	}
}

// A counter that says it meets the partner partway lies strictly between
// the speaker's last price and the partner's and gives at least a
// quarter of the gap; one that says it meets in the middle lies within
// half a price step of the middle.
func TestMeetingPartwayMovesTowardThePartner(t *testing.T) {
	said := map[string]int{}
	for _, sc := range playedScenarios(t) {
		step := priceStep(cl.ListingOf(sc).ListingPrice)
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 20; seed++ {
				var last [2]float64
				var have [2]bool
				for _, ev := range builtintest.Turns(builtintest.Play(t, sc, mode, seed)) {
					a, seat := ev.Action, ev.Seat
					low := strings.ToLower(a.Text)
					partway := strings.Contains(low, "meet partway") || strings.Contains(low, "part of the way") || strings.Contains(low, "meeting you partway")
					middle := strings.Contains(low, "in the middle") || strings.Contains(low, "split the difference")
					if (partway || middle) && hasPrice(a) {
						p, mine, theirs := priceOf(a), last[seat], last[1-seat]
						switch {
						case !have[seat] || !have[1-seat]:
							t.Errorf("%s %s seed %d: %q before both sides named a price", sc.ID, mode, seed, a.Text)
						case (p-mine)*(p-theirs) >= 0:
							t.Errorf("%s %s seed %d: %q, from %v toward %v, is not between them", sc.ID, mode, seed, a.Text, mine, theirs)
						case partway && (p-mine)/(theirs-mine) < 0.25:
							t.Errorf("%s %s seed %d: %q, from %v toward %v, gives less than a quarter", sc.ID, mode, seed, a.Text, mine, theirs)
						case middle && math.Abs(p-(mine+theirs)/2) > step/2:
							t.Errorf("%s %s seed %d: %q, from %v toward %v, is not the middle", sc.ID, mode, seed, a.Text, mine, theirs)
						}
						if partway {
							said["partway"]++
						} else {
							said["middle"]++
						}
					}
					if hasPrice(a) {
						last[seat], have[seat] = priceOf(a), true
					}
				}
			}
		}
	}
	if said["partway"] < 50 || said["middle"] < 50 {
		t.Errorf("too few meetings: %v", said)
	}
}

// A partner who asks to meet in the middle without naming a price is
// read as offering the price halfway between the two sides' last ones.
func TestMeetInTheMiddleInWordsIsReadAsTheMiddle(t *testing.T) {
	sc := listingScenario(t, 500, 480, 400, 350, 460)
	var views [2]view.View
	for seat := range views {
		views[seat] = view.For(sc, view.Agents, seat)
	}
	ps, err := players(talk.DefaultSettings)(views, 1)
	if err != nil {
		t.Fatal(err)
	}
	seller := ps[cl.SellerSeat].(*player)
	history := []event.Turn{
		{Number: 1, Seat: cl.SellerSeat, Action: event.Action{Type: event.Speak, Text: "I'm asking $460.", Arg: cl.Price(460)}},
		{Number: 2, Seat: cl.BuyerSeat, Action: builtintest.Say("Would you take $380?")},
		{Number: 3, Seat: cl.SellerSeat, Action: event.Action{Type: event.Speak, Text: "I'm still at $460.", Arg: cl.Price(460)}},
		{Number: 4, Seat: cl.BuyerSeat, Action: builtintest.Say("Come on, let's just meet in the middle.")},
	}
	if st := seller.bargain.read(history, cl.SellerSeat); !st.havePartner || st.partnerLast != 420 || !st.partnerMoved {
		t.Errorf("\"let's meet in the middle\" of $460 and $380 read as the buyer at %v (moved %v), want $420", st.partnerLast, st.partnerMoved)
	}
	history[3].Action = builtintest.Say("No, I won't meet you in the middle.")
	if st := seller.bargain.read(history, cl.SellerSeat); st.partnerLast != 380 {
		t.Errorf("a refusal to meet in the middle read as the buyer at %v", st.partnerLast)
	}
}

// secretNumber reports whether v is one of seat's own secret prices.
func secretNumber(sc *scenario.Scenario, seat int, v float64) bool {
	for _, f := range sc.Seats[seat].Facts {
		if f.Kind == scenario.FactPrice && f.Number != nil && math.Abs(*f.Number-v) <= max(f.Tolerance, 1e-9) {
			return true
		}
	}
	return false
}
