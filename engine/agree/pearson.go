package agree

import (
	"fmt"
	"math"
)

// Pearson is the correlation of the pairs (x[i], y[i]) with the Fisher
// interval tanh(atanh r ± 1.96/√(n-3)). It needs three pairs and both
// sides varying; the interval needs four pairs.
func Pearson(x, y []float64) Estimate {
	return correlation(x, y, 1)
}

// Why a correlation is missing when one side never varies.
const (
	FirstConstant  = "the first values are all equal"
	SecondConstant = "the second values are all equal"
)

// correlation is Pearson's r of x and y, with the Fisher interval whose
// standard error is √(variance/(n-3)) (1 for Pearson's r, 1.06 for
// Spearman's ρ).
func correlation(x, y []float64, variance float64) Estimate {
	n := len(x)
	if n != len(y) {
		panic(fmt.Sprintf("agree: %d values beside %d", n, len(y)))
	}
	if n < 3 {
		return missing(n, fmt.Sprintf("%d pairs: a correlation needs 3", n))
	}
	mx, my := meanOf(x), meanOf(y)
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	switch {
	case sxx == 0:
		return missing(n, FirstConstant)
	case syy == 0:
		return missing(n, SecondConstant)
	}
	r := math.Max(-1, math.Min(1, sxy/math.Sqrt(sxx*syy)))
	e := Estimate{Value: r, Lo: r, Hi: r, N: n}
	if n < 4 {
		e.NoInterval = "3 pairs: the interval needs 4"
		return e
	}
	z, half := math.Atanh(r), z975*math.Sqrt(variance/float64(n-3))
	e.Lo, e.Hi = math.Tanh(z-half), math.Tanh(z+half)
	return e
}

func meanOf(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}
