package agree

import (
	"cmp"
	"slices"
)

// Spearman is the rank correlation of the pairs (x[i], y[i]): Pearson's
// r of their ranks, tied values sharing the mean of their ranks, with
// the Fisher interval whose standard error is √(1.06/(n-3)) (Fieller,
// Hartley and Pearson's).
func Spearman(x, y []float64) Estimate {
	return correlation(Ranks(x), Ranks(y), 1.06)
}

// Ranks are the ranks of xs from 1, tied values given the mean of the
// ranks they share.
func Ranks(xs []float64) []float64 {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	ranks := make([]float64, len(xs))
	for i := 0; i < len(order); {
		j := i
		for j+1 < len(order) && xs[order[j+1]] == xs[order[i]] {
			j++
		}
		shared := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			ranks[order[k]] = shared
		}
		i = j + 1
	}
	return ranks
}
