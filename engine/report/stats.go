package report

// Stat is the mean of one metric over a group's episodes with its 95%
// confidence interval [Lo, Hi]. N counts the episodes the metric applies
// to. With fewer than two episodes there is no interval: Lo = Hi = Mean.
type Stat struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"ci95_lo"`
	Hi   float64 `json:"ci95_hi"`
	N    int     `json:"n"`
}
