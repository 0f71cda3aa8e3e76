package report

import (
	"math"
	"slices"
)

// Stat is the mean of one metric over a group's episodes with its 95%
// confidence interval [Lo, Hi]. N counts the episodes the metric applies
// to. With fewer than two episodes there is no interval: Lo = Hi = Mean.
type Stat struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"ci95_lo"`
	Hi   float64 `json:"ci95_hi"`
	N    int     `json:"n"`
}

// meanCI is the mean with a Student t interval (tInterval), its low end cut
// at 0 when no value is negative (counts, positions).
func meanCI(xs []float64) Stat {
	st := tInterval(xs)
	if len(xs) >= 2 && slices.Min(xs) >= 0 {
		st.Lo = math.Max(st.Lo, 0)
	}
	return st
}

// tInterval is the mean with the Student t interval mean ± t(0.975, n-1) ·
// s/√n.
func tInterval(xs []float64) Stat {
	n := len(xs)
	if n == 0 {
		return Stat{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	st := Stat{Mean: mean, Lo: mean, Hi: mean, N: n}
	if n < 2 {
		return st
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := tQuantile975(n-1) * math.Sqrt(ss/float64(n-1)/float64(n))
	st.Lo, st.Hi = mean-half, mean+half
	return st
}

// rateCI is a proportion with the Wilson score interval, which stays
// inside 0..1 and is not empty when every episode agrees (a deal rate of
// 100% over 300 episodes is not certain).
func rateCI(xs []float64) Stat {
	n := len(xs)
	if n == 0 {
		return Stat{}
	}
	var k float64
	for _, x := range xs {
		k += x
	}
	p := k / float64(n)
	st := Stat{Mean: p, Lo: p, Hi: p, N: n}
	if n < 2 {
		return st
	}
	const z = 1.959963984540054
	nf := float64(n)
	den := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	st.Lo, st.Hi = math.Max(0, center-half), math.Min(1, center+half)
	return st
}

// tTable holds t(0.975, df) for df 1..30.
var tTable = [...]float64{
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
}

// tQuantile975 is the 97.5% quantile of Student's t with df degrees of
// freedom: from the table up to 30, then the Cornish-Fisher expansion
// around the normal quantile (error below 0.001 there).
func tQuantile975(df int) float64 {
	if df <= len(tTable) {
		return tTable[df-1]
	}
	const z = 1.959963984540054
	d := float64(df)
	z3, z5 := z*z*z, z*z*z*z*z
	return z + (z3+z)/(4*d) + (5*z5+16*z3+3*z)/(96*d*d)
}
