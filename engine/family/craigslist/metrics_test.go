package craigslist

import (
	"math"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

func listing() *scenario.Scenario {
	return &scenario.Scenario{Family: scenario.Craigslist, MaxTurns: 20, Data: &Listing{
		ListingPrice: 650, Seller: PriceLimits{Target: 620, Bottomline: 520},
		Buyer: PriceLimits{Target: 480, Bottomline: 580}}}
}

func TestMetrics(t *testing.T) {
	history := []event.Turn{
		{Seat: 0, Action: event.Action{Type: event.Speak, Text: "Asking six fifty for it."}},
		{Seat: 1, Action: event.Action{Type: event.Offer, Text: "I offer $585.", Arg: Price(585)}},
		{Seat: 0, Action: event.Action{Type: event.Accept}},
	}
	marks := []metrics.Mark{{Turn: 1, Annotation: event.Annotation{Kind: event.Leak}}}
	p, mid := 585.0, 550.0
	end := &event.Ending{Outcome: event.Outcome{Terms: Sale{Deal: true, Price: &p}}}
	m := metrics.Compute(listing(), history, marks, end)
	// mid = 550, seller span 70: utility (585-550)/70 = 0.5. The seller got
	// 65 of the 100 from its bottomline to its target; $585 is past the
	// buyer's bottomline of $580, so the buyer scores 0.
	for key, want := range map[string]float64{
		metrics.Turns: 3, metrics.WordsPerTurn: 4, metrics.WordsPerTurnSeat0: 5, metrics.WordsPerTurnSeat1: 3, metrics.Leaks: 1, metrics.Disclosures: 0,
		metrics.Deal: 1, metrics.Price: 585, metrics.PriceFraction: 0.9, metrics.UtilitySeller: 0.5, metrics.UtilityBuyer: -0.5,
		metrics.GoalCompletionSeat0: 6.5, metrics.GoalCompletionSeat1: 0, metrics.GoalCompletion: 3.25,
	} {
		if got, ok := m[key]; !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}
	// A deal inside both limits scores for both sides: $550 is 3 of 10 for
	// the seller (520 to 620) and 3 of 10 for the buyer (580 to 480).
	at550 := metrics.Compute(listing(), history, nil, &event.Ending{Outcome: event.Outcome{Terms: Sale{Deal: true, Price: &mid}}})
	if math.Abs(at550[metrics.GoalCompletionSeat0]-3) > 1e-9 || math.Abs(at550[metrics.GoalCompletionSeat1]-3) > 1e-9 {
		t.Errorf("deal at $550: seats %v and %v, want 3 and 3", at550[metrics.GoalCompletionSeat0], at550[metrics.GoalCompletionSeat1])
	}
	noDeal := metrics.Compute(listing(), history[:1], nil, &event.Ending{})
	if _, ok := noDeal[metrics.Price]; ok || noDeal[metrics.GoalCompletion] != 0 || noDeal[metrics.Deal] != 0 {
		t.Errorf("no deal with a zone of agreement: %v", noDeal)
	}
}

// A deal on several items is measured by its price each against the
// listing's and the sides' prices, which are for one; its price is the
// total. An outcome no rule read measures nothing of the deal.
func TestMetricsOfSeveralItemsAndOfAnUnreadOutcome(t *testing.T) {
	total := 4 * 585.0
	m := metrics.Compute(listing(), nil, nil, &event.Ending{Outcome: event.Outcome{Terms: Sale{Deal: true, Price: &total, Items: 4}}})
	for key, want := range map[string]float64{metrics.Deal: 1, metrics.Price: total, metrics.PriceFraction: 0.9,
		metrics.UtilitySeller: 0.5, metrics.GoalCompletionSeat0: 6.5} {
		if got, ok := m[key]; !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}
	end := &event.Ending{Outcome: event.Outcome{Reading: &event.Reading{NotMeasured: "no rule read it"}}}
	m = metrics.Compute(listing(), nil, nil, end)
	for _, k := range []string{metrics.Deal, metrics.Price, metrics.PriceFraction, metrics.GoalCompletion} {
		if _, ok := m[k]; ok || end.Notes[metrics.NotMeasuredKey(k)] != "no rule read it" {
			t.Errorf("%s: present %v, note %q", k, ok, end.Notes[metrics.NotMeasuredKey(k)])
		}
	}
}

// A side with a target only scores how near the price came to its
// target, as a share of the two: a buyer who pays above its target scores
// less than 10, never more.
func TestMetricsOfTargetOnlySides(t *testing.T) {
	sc := &scenario.Scenario{Family: scenario.Craigslist, MaxTurns: 20, Data: &Listing{
		ListingPrice: 650, Seller: PriceLimits{Target: 610}, Buyer: PriceLimits{Target: 454}}}
	for _, c := range []struct{ price, seller, buyer float64 }{
		{570, 10 * 570.0 / 610, 10 * 454.0 / 570},
		{454, 10 * 454.0 / 610, 10},
		{620, 10, 10 * 454.0 / 620},
	} {
		p := c.price
		m := metrics.Compute(sc, nil, nil, &event.Ending{Outcome: event.Outcome{Terms: Sale{Deal: true, Price: &p}}})
		if math.Abs(m[metrics.GoalCompletionSeat0]-c.seller) > 1e-9 || math.Abs(m[metrics.GoalCompletionSeat1]-c.buyer) > 1e-9 {
			t.Errorf("deal at $%v: seller %v, buyer %v; want %v and %v", c.price, m[metrics.GoalCompletionSeat0], m[metrics.GoalCompletionSeat1], c.seller, c.buyer)
		}
	}
}
