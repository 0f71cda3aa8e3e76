package agree

import "math"

// Mean is the mean of xs with the Student t interval mean ± t(0.975,
// n-1)·s/√n. With one value there is no interval; with none, no mean.
func Mean(xs []float64) Estimate {
	n := len(xs)
	if n == 0 {
		return missing(0, "no values")
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	e := Estimate{Value: mean, Lo: mean, Hi: mean, N: n}
	if n < 2 {
		e.NoInterval = "one value"
		return e
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := T975(n-1) * math.Sqrt(ss/float64(n-1)/float64(n))
	e.Lo, e.Hi = mean-half, mean+half
	return e
}
