package report

import "math"

// ratioCI is a pooled ratio, sum(num) / sum(den) over the episodes (words
// per message counted over every message, not per dialogue), with the
// ratio estimator's interval: R ± t · sqrt(Σ(num − R·den)² / (n−1) / n) / mean(den).
func ratioCI(num, den []float64) Stat {
	n := len(num)
	var sn, sd float64
	for i := range num {
		sn += num[i]
		sd += den[i]
	}
	if n == 0 || sd == 0 {
		return Stat{}
	}
	r := sn / sd
	st := Stat{Mean: r, Lo: r, Hi: r, N: n}
	if n < 2 {
		return st
	}
	var ss float64
	for i := range num {
		e := num[i] - r*den[i]
		ss += e * e
	}
	half := tQuantile975(n-1) * math.Sqrt(ss/float64(n-1)/float64(n)) / (sd / float64(n))
	st.Lo, st.Hi = math.Max(r-half, 0), r+half
	return st
}
