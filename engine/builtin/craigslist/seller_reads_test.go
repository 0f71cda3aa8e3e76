package craigslist

import (
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// sellerAnswers plays road-bike's built-in seller (her floor $520)
// against the buyer's lines: her turns, her opening first.
func sellerAnswers(t *testing.T, seed int64, buyer ...string) []event.Action {
	t.Helper()
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	backends, err := builtin.Factory{}.Backends(sc, view.Agents, seed)
	if err != nil {
		t.Fatal(err)
	}
	var history []event.Turn
	var hers []event.Action
	for i := 0; i <= len(buyer); i++ {
		res, err := backends[0].Turn(t.Context(), run.Request{Seat: 0, Turn: len(history) + 1, History: history})
		if err != nil {
			t.Fatal(err)
		}
		hers = append(hers, res.Action)
		history = append(history, event.Turn{Number: len(history) + 1, Seat: 0, Speaker: sc.Seats[0].Character.Name, Action: res.Action})
		if i < len(buyer) {
			history = append(history, event.Turn{Number: len(history) + 1, Seat: 1, Speaker: sc.Seats[1].Character.Name, Action: event.Action{Type: event.Speak, Text: buyer[i]}})
		}
	}
	return hers
}

// A buyer who says their limit and then offers less has named a price
// to bargain from, not a limit under the seller's floor: "the most I can
// pay is 580, how about 500?" is above her $520, and she stays.
func TestSellerStaysWhenTheBuyersLimitIsAboveHerFloor(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		a := sellerAnswers(t, seed, "the most I can pay is 580, how about 500?")[1]
		if a.Type == event.Leave || a.Type == event.Reject {
			t.Errorf("seed %d: the seller walked away: %q", seed, a.Text)
		}
	}
}

// Words with no price and no meaning give the seller no reason to come
// down: after them she names no price under her last.
func TestSellerGivesNothingForGibberish(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		for _, lines := range [][]string{{"asdf qwer"}, {"would you take 500?", "asdf qwer"}, {"would you take 500?", "hmm", "asdf qwer"}} {
			hers := sellerAnswers(t, seed, lines...)
			last := -1.0
			for _, a := range hers[:len(hers)-1] {
				if hasPrice(&a) {
					last = priceOf(&a)
				}
			}
			if a := hers[len(hers)-1]; hasPrice(&a) && last > 0 && priceOf(&a) < last {
				t.Errorf("seed %d, after %q: the seller came down from %v to %v: %q", seed, lines, last, priceOf(&a), a.Text)
			}
		}
	}
}

// A final cue about the price offered, or about none, still calls it a
// limit; one about another price does not.
func TestFinalCallReadsItsOwnPrice(t *testing.T) {
	cases := []struct {
		text  string
		final bool
	}{
		{"That's my final offer: $500.", true},
		{"500 is the most I can pay.", true},
		{"I can't go above $1,200, sorry.", true},
		{"the most I can pay is 580, how about 500?", false},
		{"My limit is 580. Would you take 500?", false},
		{"How about 500?", false},
	}
	for _, c := range cases {
		m := readBargainMove(event.Action{Type: event.Speak, Text: c.text}, 650)
		if !m.hasPrice || m.final != c.final {
			t.Errorf("%q: price %v (%v), final %v, want final %v", c.text, m.price, m.hasPrice, m.final, c.final)
		}
	}
}
