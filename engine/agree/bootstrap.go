package agree

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Replicates is how many resamples Bootstrap draws.
const Replicates = 2000

// Bootstrap is Alpha with a percentile bootstrap interval: the units
// that have two or more values resampled with replacement Replicates
// times (from a fixed seed, so the same units give the same interval),
// alpha computed on each, and the 2.5th and 97.5th percentiles of those
// that have one. Fewer than 10 pairable units give no interval.
func Bootstrap(units [][]float64) Estimate {
	e := Alpha(units)
	if !e.Measured() {
		return e
	}
	var pairable [][]float64
	for _, u := range units {
		if len(u) >= 2 {
			pairable = append(pairable, u)
		}
	}
	if len(pairable) < minBootstrapUnits {
		e.NoInterval = "fewer than 10 units with two raters"
		return e
	}
	rng := rand.New(rand.NewPCG(1, 2))
	sample := make([][]float64, len(pairable))
	values := make([]float64, 0, Replicates)
	for range Replicates {
		for i := range sample {
			sample[i] = pairable[rng.IntN(len(pairable))]
		}
		if a, _, why := alpha(sample); why == "" {
			values = append(values, a)
		}
	}
	if len(values) < Replicates/2 {
		e.NoInterval = "most resamples have every value the same"
		return e
	}
	slices.Sort(values)
	e.Lo, e.Hi = percentile(values, 0.025), percentile(values, 0.975)
	return e
}

// minBootstrapUnits is the fewest pairable units Bootstrap resamples.
const minBootstrapUnits = 10

// percentile is the p-th quantile of sorted values, interpolated between
// the two nearest.
func percentile(sorted []float64, p float64) float64 {
	at := p * float64(len(sorted)-1)
	lo := int(math.Floor(at))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + (at-float64(lo))*(sorted[hi]-sorted[lo])
}
