package scenario

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// Without its commas Money writes amounts as fmt's "$%d" and "$%.2f" do:
// grouping the thousands changes how a price looks, never which price it is.
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
		values = append(values, r.Float64()*10000, -r.Float64()*100000, float64(r.IntN(10000000))/100)
	}
	for _, v := range values {
		if got, want := strings.ReplaceAll(Money(v), ",", ""), fmtMoney(v); got != want {
			t.Fatalf("Money(%v) without commas = %q, fmt writes %q", v, got, want)
		}
	}
}

func TestMoneyGroupsThousands(t *testing.T) {
	for v, want := range map[float64]string{
		0: "$0", 999: "$999", 1000: "$1,000", 1110: "$1,110", 5750: "$5,750", 12000: "$12,000",
		999999: "$999,999", 1234567: "$1,234,567", 12.5: "$12.50", 1200.5: "$1,200.50", 0.25: "$0.25",
		-1: "$-1", -4700: "$-4,700", -1234.56: "$-1,234.56",
		math.Inf(1): "$+Inf", math.NaN(): "$NaN",
	} {
		if got := Money(v); got != want {
			t.Errorf("Money(%v) = %q, want %q", v, got, want)
		}
	}
}
