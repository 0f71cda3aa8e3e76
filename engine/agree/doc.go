// Package agree holds the statistics that say how far two sets of
// scores agree (docs/METRICS.md, "People beside the scorers"): a mean
// with its Student t interval, Pearson's and Spearman's correlation with
// Fisher intervals, and Krippendorff's alpha at the interval level with
// a bootstrap interval. It knows nothing of episodes or ratings: it
// takes numbers.
package agree
