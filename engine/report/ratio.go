package report

import (
	"math"

	"github.com/omnigap/omnigap/engine/agree"
)

// ratio accumulates a pooled ratio of two per-episode sums (words over
// messages), with the sums of squares and products its interval needs, so
// it keeps nothing per episode.
type ratio struct {
	n                  int
	num, den           float64
	numSq, numDen, dSq float64
}

func (r *ratio) add(num, den float64) {
	r.n++
	r.num += num
	r.den += den
	r.numSq += num * num
	r.numDen += num * den
	r.dSq += den * den
}

// ci is the pooled ratio Σnum/Σden with a 95% interval from the linearized
// (delta-method) variance of the ratio estimator: Student t on the
// residuals num - R·den, divided by the mean denominator.
func (r ratio) ci() Stat {
	if r.n == 0 || r.den == 0 {
		return Stat{}
	}
	est := r.num / r.den
	st := Stat{Mean: est, Lo: est, Hi: est, N: r.n}
	if r.n < 2 {
		return st
	}
	// Σ(num - R·den)² expanded, so no episode needs to be kept.
	ss := math.Max(r.numSq-2*est*r.numDen+est*est*r.dSq, 0)
	n := float64(r.n)
	half := agree.T975(r.n-1) * math.Sqrt(ss/(n-1)/n) / (r.den / n)
	st.Lo, st.Hi = math.Max(est-half, 0), est+half
	return st
}
