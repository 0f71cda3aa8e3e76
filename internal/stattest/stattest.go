// Package stattest computes the textbook statistics the tests check
// engine/agree's and the reports' figures against: written from the
// definitions, apart from the code under test, the slow way.
package stattest

import "math"

// Mean is the arithmetic mean of xs.
func Mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// SD is the sample standard deviation of xs (n-1).
func SD(xs []float64) float64 {
	m, ss := Mean(xs), 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss / float64(len(xs)-1))
}

// Pearson is the product-moment correlation of x and y.
func Pearson(x, y []float64) float64 {
	mx, my := Mean(x), Mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// Ranks are xs's ranks by counting, ties sharing their mean rank: 1 +
// the values below, + half the others equal.
func Ranks(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		below, equal := 0, 0
		for _, y := range xs {
			if y < x {
				below++
			} else if y == x {
				equal++
			}
		}
		out[i] = float64(below) + float64(equal+1)/2
	}
	return out
}
