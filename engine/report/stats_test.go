package report

import (
	"math"
	"testing"
)

func TestMeanCI(t *testing.T) {
	// Mean 3, sample sd 1.5811 over 5 values, t(0.975, 4) = 2.776.
	s := meanCI([]float64{1, 2, 3, 4, 5})
	half := 2.776 * math.Sqrt(2.5/5)
	if s.Mean != 3 || math.Abs(s.Lo-(3-half)) > 1e-9 || math.Abs(s.Hi-(3+half)) > 1e-9 || s.N != 5 {
		t.Errorf("meanCI = %+v, want 3 ± %.4f", s, half)
	}
	if s := meanCI([]float64{0, 0, 0, 1}); s.Lo != 0 {
		t.Errorf("count interval starts at %v, want 0", s.Lo)
	}
	if s := meanCI([]float64{7}); s.Lo != 7 || s.Hi != 7 {
		t.Errorf("one value: %+v, want no interval", s)
	}
}

func TestRateCI(t *testing.T) {
	// Wilson interval for 9 of 10: 0.5958 .. 0.9821.
	xs := []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 0}
	s := rateCI(xs)
	if math.Abs(s.Lo-0.5958) > 1e-4 || math.Abs(s.Hi-0.9821) > 1e-4 {
		t.Errorf("rateCI(9/10) = %+v", s)
	}
	all := make([]float64, 300)
	for i := range all {
		all[i] = 1
	}
	if s := rateCI(all); s.Hi < 0.9999 || s.Lo >= 1 || s.Lo < 0.98 {
		t.Errorf("rateCI(300/300) = %+v, want an interval below 1", s)
	}
}

func meanCI(xs []float64) Stat {
	var m moments
	for _, x := range xs {
		m.add(x)
	}
	return m.meanCI()
}

func rateCI(xs []float64) Stat {
	var m moments
	for _, x := range xs {
		m.add(x)
	}
	return m.rateCI()
}
