package scenario

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// Money writes amounts as fmt's "$%d" and "$%.2f" do: fact texts and
// recordings may not change with how the string is built.
func TestMoneyWritesWhatFmtWrites(t *testing.T) {
	fmtMoney := func(v float64) string {
		if v == float64(int64(v)) {
			return fmt.Sprintf("$%d", int64(v))
		}
		return fmt.Sprintf("$%.2f", v)
	}
	values := []float64{0, math.Copysign(0, -1), 1, -1, 4700, 2922.5, 0.005, 0.015, 1.005, -3.999, 1e15 + 0.5, 1e300,
		math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64}
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		values = append(values, r.Float64()*10000, -r.Float64()*100, float64(r.IntN(100000))/100)
	}
	for _, v := range values {
		if got, want := Money(v), fmtMoney(v); got != want {
			t.Fatalf("Money(%v) = %q, fmt writes %q", v, got, want)
		}
	}
}
