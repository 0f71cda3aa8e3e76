package llm

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestAnswerWithoutAnOfferIsRefused: in Craigslist an acceptance with no
// formal offer standing, or of the model's own offer, is re-asked, then an
// error event, for agents and the writer alike, as a player's /accept is
// refused; once the partner has offered, the same acceptance makes the
// deal at the offer's price.
func TestAnswerWithoutAnOfferIsRefused(t *testing.T) {
	sc := resolve(t, "craigslist/road-bike") // Dana Okafor sells (seat 0), Luis Herrera buys
	for _, mode := range []view.Mode{view.Agents, view.Script} {
		t.Run(string(mode), func(t *testing.T) {
			srv := llmtest.Start()
			defer srv.Close()
			calls := 0
			srv.Respond = func(r *llmtest.Request) string {
				if mode == view.Script {
					// The re-asks continue from the refused line and
					// write it again.
					switch calls++; calls {
					case 1:
						return "1. Dana Okafor: Hi, the bike is still for sale.\n2. Luis Herrera: [accept] Deal.\nEND\n"
					case 2:
						return "2. Luis Herrera: [accept] Deal.\nEND\n"
					case 3:
						return "3. Dana Okafor: [offer $450] How about this?\n4. Luis Herrera: Let me think.\n5. Dana Okafor: [accept] Sold.\nEND\n"
					case 4:
						return "5. Dana Okafor: [accept] Sold.\nEND\n"
					}
					return "6. Luis Herrera: [accept] Deal.\nEND\n"
				}
				return byTurn(map[int]string{
					2: `{"action": "accept", "text": "Deal."}`,
					3: `{"action": "offer", "price": 450, "text": "How about this?"}`,
					5: `{"action": "accept", "text": "Sold."}`,
					6: `{"action": "accept", "text": "Deal."}`,
				})(r)
			}
			p := playDeal(t, srv, sc, mode)
			errs := p.errors()
			if len(errs) != 4 || !strings.Contains(errs[0], "there is no formal offer from Dana Okafor to accept") || !strings.Contains(errs[1], "re-ask") ||
				!strings.Contains(errs[2], "there is no formal offer from Luis Herrera to accept") || !strings.Contains(errs[3], "re-ask") {
				t.Fatalf("errors %q", errs)
			}
			acts := p.actions()
			if len(acts) != 6 || acts[1].Type != event.None || acts[4].Type != event.None || acts[5].Type != event.Accept {
				t.Fatalf("turns %+v", acts)
			}
			if sale, _ := p.ending.Outcome.Terms.(cl.Sale); p.ending.Reason != event.Accepted || !sale.Deal || sale.Price == nil || *sale.Price != 450 {
				t.Fatalf("ended %s (%+v)", p.ending.Reason, p.ending.Outcome)
			}
		})
	}
	// A rejection answers an offer the same way.
	v := view.For(sc, view.Agents, 1)
	a, err := parseAction(`{"action": "reject", "text": "No."}`, v)
	if err != nil {
		t.Fatal(err)
	}
	if err := allowedNow(a, v, 1, nil); err == nil || !strings.Contains(err.Error(), "there is no formal offer from Dana Okafor to reject") {
		t.Errorf("a rejection of nothing: %v", err)
	}
	offered := []event.Turn{{Number: 1, Seat: 0, Action: event.Action{Type: event.Offer, Arg: cl.Price(450)}}}
	if err := allowedNow(a, v, 1, offered); err != nil {
		t.Errorf("rejecting a standing offer was refused: %v", err)
	}
	priceless := []event.Turn{{Number: 1, Seat: 0, Action: event.Action{Type: event.Offer}}}
	if err := allowedNow(a, v, 1, priceless); err == nil {
		t.Error("an offer without a price was rejected, which the referee does not count")
	}
}
