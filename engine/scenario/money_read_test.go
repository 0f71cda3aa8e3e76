package scenario_test

import (
	"math"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/scenario"
)

// A price the app writes is written as people write prices, and the one
// reader of amounts (the annotator's, the built-in players') reads it back
// as the same price, wherever it stands in a sentence.
func TestMoneyIsReadBackAsTheSamePrice(t *testing.T) {
	grouped := regexp.MustCompile(`^\$\d{1,3}(,\d{3})*(\.\d\d)?$`)
	values := []float64{1, 12.5, 620, 999, 1000, 1110, 5750, 12000, 99999.99, 250000, 1234567}
	r := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		values = append(values, float64(1+r.IntN(200000)), float64(1+r.IntN(2000000))/100)
	}
	for _, v := range values {
		m := scenario.Money(v)
		if !grouped.MatchString(m) {
			t.Fatalf("Money(%v) = %q: not a price with its thousands grouped", v, m)
		}
		for _, text := range []string{
			m,
			"Dana's target price is " + m + ".",
			"Would you take " + m + "? It's a fair price.",
			"I'm asking " + m + " a month, utilities included.",
			"Let's meet partway: " + m + ", and I'll throw in the rack.",
		} {
			got := amount.Amounts(text)
			if len(got) != 1 || math.Abs(got[0]-v) > 0.005 {
				t.Fatalf("Amounts(%q) = %v, want [%v]", text, got, v)
			}
		}
	}
}
