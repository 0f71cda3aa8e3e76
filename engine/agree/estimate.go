package agree

// Estimate is a figure with its 95% interval [Lo, Hi] over N values (or
// pairs, or units). A figure that cannot be measured has Missing saying
// why, and then no value; one measured without an interval (too few
// values) has NoInterval saying why, and Lo = Hi = Value.
type Estimate struct {
	Value, Lo, Hi float64
	N             int
	Missing       string
	NoInterval    string
}

// Measured reports whether the figure has a value.
func (e Estimate) Measured() bool { return e.Missing == "" }

// HasInterval reports whether the figure has a value and an interval.
func (e Estimate) HasInterval() bool { return e.Missing == "" && e.NoInterval == "" }

// Excludes reports whether the interval leaves v out (a bias whose
// interval excludes 0); false without an interval.
func (e Estimate) Excludes(v float64) bool { return e.HasInterval() && (e.Lo > v || e.Hi < v) }

// missing is a figure that cannot be measured over n values, and why.
func missing(n int, why string) Estimate { return Estimate{N: n, Missing: why} }
