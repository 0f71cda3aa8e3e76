package craigslist

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// bookcase is a listing of one item at $200.
func bookcase() *scenario.Scenario {
	return &scenario.Scenario{Family: scenario.Craigslist, Data: &Listing{Item: "bookcase", ListingPrice: 200,
		Seller: PriceLimits{Target: 190}, Buyer: PriceLimits{Target: 150}}}
}

// chairs is a listing of several chairs at $60 each.
func chairs() *scenario.Scenario {
	return &scenario.Scenario{Family: scenario.Craigslist, Data: &Listing{Item: "dining chairs", ListingPrice: 60,
		Seller: PriceLimits{Target: 55}, Buyer: PriceLimits{Target: 40}}}
}

// dialogue makes turns from lines "S: words" (seat 0, the seller) and "B:
// words" (seat 1); "B* words" is a non-verbal turn, "B- " leaving.
func dialogue(lines ...string) []family.Turn {
	var out []family.Turn
	for _, l := range lines {
		seat := 0
		if l[0] == 'B' {
			seat = 1
		}
		a := event.Action{Type: event.Speak, Text: strings.TrimSpace(l[2:])}
		switch l[1] {
		case '*':
			a.Type = event.NonVerbal
		case '-':
			a = event.Action{Type: event.Leave}
		}
		out = append(out, family.Turn{Seat: seat, Action: a})
	}
	return out
}

// wantDeal checks a reading: a deal at price for items at turn, or (turn
// 0) no deal.
func wantDeal(t *testing.T, sc *scenario.Scenario, turns []family.Turn, price float64, items, turn int) {
	t.Helper()
	o := Family{}.ReadWords(sc, turns)
	if o.Reading == nil || o.Reading.Rule != WordsRule {
		t.Fatalf("reading %+v, want the rule %s", o.Reading, WordsRule)
	}
	sale, _ := o.Terms.(Sale)
	if turn == 0 {
		if sale.Deal || o.Reading.Turn != 0 || !strings.HasPrefix(o.Summary, "no deal") {
			t.Errorf("read %q (turn %d), want no deal", o.Summary, o.Reading.Turn)
		}
		return
	}
	if !sale.Deal || sale.Price == nil || math.Abs(*sale.Price-price) > 0.005 || max(sale.Items, 1) != items || o.Reading.Turn != turn {
		t.Errorf("read %q, %+v at turn %d, want $%g for %d at turn %d", o.Summary, sale, o.Reading.Turn, price, items, turn)
	}
}

// opening is a bargaining that leaves the seller's $175 standing.
var opening = []string{
	"S: Hi! The bookcase is $200, solid oak and barely used.",
	"B: It looks lovely. Could you do $150?",
	"S: That's a little low for me. Let's meet at $175.",
}

func TestWordsAcceptanceOfTheStandingOffer(t *testing.T) {
	for _, accept := range []string{
		"B: Alright, I can agree to your price of $175. Let's close the deal!",
		"B: $175 sounds fair to me.",
		"B: Deal!",
		"B: You've got yourself a deal. I'll bring cash on Sunday.",
		"B: Okay, that works for me.",
		"B: I accept your offer.",
		"B: Perfect, $175 it is!",
		"B: Fine, let's do $175 then.",
		"B: Great. We have a deal at $175, see you tomorrow.",
		"B: $175 works for me, if that's okay with you.",
		"B: Sounds like a deal!",
		"B: I'm happy to accept $175.",
		"B: Great, I'm glad we could agree on $175.",
		"B: Wonderful. We've reached an agreement, then.",
		"B: You drive a hard bargain. $175 it is, then.",
		"B: That sounds fair. Let's go with $175, and I'll pick it up on Friday.",
	} {
		t.Run(accept, func(t *testing.T) {
			wantDeal(t, bookcase(), dialogue(append(opening, accept)...), 175, 1, 4)
		})
	}
}

func TestWordsSellerAcceptsTheBuyersPrice(t *testing.T) {
	wantDeal(t, bookcase(), dialogue(
		"B: Would you take $160 for the bookcase?",
		"S: Hmm, I can do $160.",
		"B: Great, thank you!"), 160, 1, 2)
	wantDeal(t, bookcase(), dialogue(
		"B: Would you take $160?",
		"S: Sold! It's yours for $160."), 160, 1, 2)
	// An acceptance with a condition is an offer the buyer can take.
	wantDeal(t, bookcase(), dialogue(
		"B: Could you do $165?",
		"S: I can accept your offer of $165 if you pick it up today.",
		"B: Sure, I'll pick it up today. Deal!"), 165, 1, 3)
	wantDeal(t, bookcase(), dialogue(
		"B: Would you take $165?",
		"S: Alright, I'll let it go for $165."), 165, 1, 2)
	// The seller's own bound is an offer the buyer can take.
	wantDeal(t, bookcase(), dialogue(
		"B: How about $150?",
		"S: I can't accept anything less than $170.",
		"B: Okay, I'll take it for $170."), 170, 1, 3)
	wantDeal(t, bookcase(), dialogue(
		"B: How about $150?",
		"S: Sorry, I can't go lower than $170.",
		"B: Fine, $170 works for me."), 170, 1, 3)
}

func TestWordsNoAcceptance(t *testing.T) {
	for _, answer := range []string{
		"B: Can we agree on $175?",                                                    // a question
		"B: $175 sounds fair, but could you do $165 instead?",                         // a counter-offer
		"B: That sounds reasonable. However, I was hoping for less. Any flexibility?", // "however" asking for more
		"B: Let me think about it and get back to you.",                               // no answer yet
		"B: If you can do $170, we have a deal.",                                      // a condition, a new price
		"B: I can't accept $175.",                                                     // a refusal
		"B: I understand you think $175 is fair. It is over my budget.",               // the partner's view reported
		"B: I can do $175 if you deliver it to my place.",                             // a condition after the cue
		"B: Deal at $120!",                                                            // a price nobody offered
		"B* nods slowly in agreement",                                                 // no words
		"B: Let's make a deal that works for both of us.",                             // an invitation
		"B: If you agree, let's finalize the deal.",                                   // a condition
		"B: Okay, $175 is still too much for me.",                                     // refused
	} {
		t.Run(answer, func(t *testing.T) {
			wantDeal(t, bookcase(), dialogue(append(opening, answer)...), 0, 0, 0)
		})
	}
	// A side praising its own price accepts nothing.
	wantDeal(t, bookcase(), dialogue(
		"B: Would you take $150?",
		"S: Honestly, $200 is a fair price for solid oak. Let's finalize the deal."), 0, 0, 0)
	// Only right after the offer does "that works" take it up.
	wantDeal(t, bookcase(), dialogue(
		"S: It's $200.",
		"B: Is it still available?",
		"S: Yes, and it comes with the shelves.",
		"B: That sounds great!"), 0, 0, 0)
}

func TestWordsTotalsForSeveralItems(t *testing.T) {
	// A price each times the count.
	wantDeal(t, chairs(), dialogue(
		"S: They're $60 each.",
		"B: How about 4 chairs at $50 each?",
		"S: Deal."), 200, 4, 3)
	// A total stated for the lot.
	wantDeal(t, chairs(), dialogue(
		"S: They're $60 each.",
		"B: Would you take $190 for all four chairs?",
		"S: Sounds good, $190 for all four."), 190, 4, 3)
	// A price for a count that is nearer one chair's price than the lot's
	// is a price each.
	wantDeal(t, chairs(), dialogue(
		"S: They're $60 each.",
		"B: Can we settle on $52 for 3 chairs?",
		"S: Fair enough, $52 for 3 chairs it is!"), 156, 3, 3)
	// Several prices, each for a count, add up.
	wantDeal(t, chairs(), dialogue(
		"S: The armchairs are $60, the stools $40.",
		"B: What about 2 armchairs at $55 each and 3 stools at $35 each?",
		"S: That sounds like a fair compromise. I agree to sell you 2 armchairs at $55 each and 3 stools at $35 each."), 215, 5, 3)
	// A price each accepted without its count keeps the offer's.
	wantDeal(t, chairs(), dialogue(
		"B: I'd buy 6 chairs at $45 each.",
		"S: $45 works for me."), 270, 6, 2)
}

func TestWordsOffersWithdrawn(t *testing.T) {
	closed := append(append([]string{}, opening...), "B: Deal, $175.")
	wantDeal(t, bookcase(), dialogue(append(closed, "B: Actually, I've changed my mind. I can't do this.")...), 0, 0, 0)
	wantDeal(t, bookcase(), dialogue(append(closed, "S: I'm sorry, the deal is off, my sister wants it.")...), 0, 0, 0)
	// A new price asked after a deal opens the bargaining again: a deal
	// on it is the deal, and without one there is none.
	reopened := append(closed, "B: Actually, could you do $170?")
	wantDeal(t, bookcase(), dialogue(reopened...), 0, 0, 0)
	wantDeal(t, bookcase(), dialogue(append(reopened, "S: Fine, $170 it is.")...), 170, 1, 6)
	// Saying the price again after the deal keeps it, at its turn.
	wantDeal(t, bookcase(), dialogue(append(closed, "S: Great, $175 then. When can you pick it up?", "B- ")...), 175, 1, 4)
	// Leaving without an acceptance is no deal.
	wantDeal(t, bookcase(), dialogue(append(opening, "B- ")...), 0, 0, 0)
	// An offer its maker raised stands no more.
	wantDeal(t, bookcase(), dialogue(
		"S: $175 and it's yours.",
		"B: Let me check my budget.",
		"S: Actually, I won't go below $190 now.",
		"B: OK, $175 then, deal."), 0, 0, 0)
}

// TestWordsOnlyWithoutMoves: the family reads words only where the turns
// make none of its moves; a family whose rules read moves only says why
// its outcome is not measured; a free-form one settles nothing.
func TestWordsOnlyWithoutMoves(t *testing.T) {
	turns := dialogue(append(opening, "B: Deal!")...)
	if o := family.ReadWords(bookcase(), turns); o == nil || o.Reading.Rule != WordsRule {
		t.Errorf("words only: %+v", o)
	}
	moved := append(dialogue(opening...), family.Turn{Seat: 1, Action: event.Action{Type: event.Accept}})
	if o := family.ReadWords(bookcase(), moved); o != nil {
		t.Errorf("with an accept move: %+v, want the referee's", o)
	}
}
