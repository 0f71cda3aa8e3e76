package agree

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

func TestT975(t *testing.T) {
	for df, want := range map[int]float64{1: 12.706, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980} {
		near(t, "t(0.975)", T975(df), want, 0.002)
	}
}

func TestMeanHasTheStudentInterval(t *testing.T) {
	// Mean 3, sample variance 2.5 over 5 values, t(0.975, 4) = 2.776.
	e := Mean([]float64{1, 2, 3, 4, 5})
	half := 2.776 * math.Sqrt(2.5/5)
	if e.Value != 3 || e.N != 5 || !e.HasInterval() {
		t.Fatalf("%+v", e)
	}
	near(t, "lo", e.Lo, 3-half, 1e-9)
	near(t, "hi", e.Hi, 3+half, 1e-9)
	if e := Mean([]float64{7}); e.Value != 7 || e.HasInterval() || e.NoInterval == "" {
		t.Errorf("one value: %+v, want a mean without an interval", e)
	}
	if e := Mean(nil); e.Measured() || e.Missing == "" {
		t.Errorf("no value: %+v, want not measured", e)
	}
}

// Krippendorff's own worked example (his "Computing Krippendorff's
// alpha-reliability"): four observers, twelve units, values 1 to 5, some
// missing (0 here). His interval alpha is 0.849; the same figure,
// 0.8491071, was computed for this test by the definition's double sum
// over every pair of values, apart from this package.
func TestAlphaOfKrippendorffsExample(t *testing.T) {
	observers := [][]float64{
		{1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0},
		{1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3},
		{0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0},
		{1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0},
	}
	units := make([][]float64, 12)
	for _, o := range observers {
		for u, v := range o {
			if v != 0 {
				units[u] = append(units[u], v)
			}
		}
	}
	e := Alpha(units)
	near(t, "alpha", e.Value, 0.8491071428571428, 1e-12)
	if e.N != 11 {
		t.Errorf("%d pairable units, want 11 (the last has one value)", e.N)
	}
	b := Bootstrap(units)
	if b.Value != e.Value || !b.HasInterval() || b.Lo > b.Value || b.Hi < b.Value || b.Hi > 1 {
		t.Errorf("bootstrap %+v: want an interval around %v, at most 1", b, e.Value)
	}
	if again := Bootstrap(units); again != b {
		t.Errorf("the bootstrap changed between two calls: %+v, then %+v", b, again)
	}
}

// Two raters who always agree have alpha 1; raters who always give the
// same value have no alpha; one rater per unit pairs nothing.
func TestAlphaAtItsEdges(t *testing.T) {
	agree := [][]float64{{1, 1}, {4, 4}, {2, 2}, {9, 9}, {3, 3}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {0, 0}}
	if e := Bootstrap(agree); e.Value != 1 || e.Lo != 1 || e.Hi != 1 {
		t.Errorf("full agreement: %+v, want 1 [1, 1]", e)
	}
	if e := Alpha([][]float64{{3, 3}, {3, 3}}); e.Measured() {
		t.Errorf("every value the same: %+v, want not measured", e)
	}
	if e := Alpha([][]float64{{3}, {4}}); e.Measured() {
		t.Errorf("one value per unit: %+v, want not measured", e)
	}
	// Raters who disagree as much as chance: alpha near or below 0.
	if e := Alpha([][]float64{{1, 5}, {5, 1}, {1, 5}, {5, 1}}); e.Value > 0 {
		t.Errorf("opposite raters: alpha %v, want at most 0", e.Value)
	}
}

// Anscombe's first pair: r = 0.81642 is his published figure; ρ, the
// Fisher intervals and the tied example were computed for this test apart
// from this package, from the definitions.
func TestCorrelationsOfKnownPairs(t *testing.T) {
	x := []float64{10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5}
	y := []float64{8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68}
	r := Pearson(x, y)
	near(t, "pearson", r.Value, 0.81642051634484, 1e-9)
	near(t, "pearson lo", r.Lo, 0.42439121339321656, 1e-9)
	near(t, "pearson hi", r.Hi, 0.9506932537865606, 1e-9)
	rho := Spearman(x, y)
	near(t, "spearman", rho.Value, 0.8181818181818182, 1e-9)
	near(t, "spearman lo", rho.Lo, 0.41186478547945143, 1e-9)
	near(t, "spearman hi", rho.Hi, 0.9531139649346231, 1e-9)
	tied := Spearman([]float64{1, 2, 2, 3, 4, 4, 4, 5}, []float64{2, 1, 3, 3, 5, 4, 6, 6})
	near(t, "spearman with ties", tied.Value, 0.9007775105401477, 1e-9)
	if r.N != 11 || !r.HasInterval() {
		t.Errorf("%+v", r)
	}
}

func TestRanksShareTies(t *testing.T) {
	got := Ranks([]float64{3, 1, 3, 2, 3})
	want := []float64{4, 1, 4, 2, 4}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ranks %v, want %v", got, want)
		}
	}
}

func TestCorrelationNeedsVariedPairs(t *testing.T) {
	if e := Pearson([]float64{1, 2}, []float64{2, 3}); e.Measured() {
		t.Errorf("two pairs: %+v, want not measured", e)
	}
	if e := Pearson([]float64{1, 2, 3, 4}, []float64{5, 5, 5, 5}); e.Measured() || e.Missing == "" {
		t.Errorf("a constant side: %+v, want not measured and why", e)
	}
	if e := Pearson([]float64{1, 2, 4}, []float64{1, 2, 3}); !e.Measured() || e.HasInterval() {
		t.Errorf("three pairs: %+v, want r without an interval", e)
	}
	if e := Pearson([]float64{1, 2, 3, 4, 5}, []float64{2, 4, 6, 8, 10}); e.Value != 1 || e.Lo != 1 || e.Hi != 1 {
		t.Errorf("a perfect line: %+v, want 1 [1, 1]", e)
	}
}

func TestExcludes(t *testing.T) {
	e := Estimate{Value: 1.8, Lo: 1.2, Hi: 2.4, N: 20}
	if !e.Excludes(0) || e.Excludes(2) {
		t.Errorf("%+v", e)
	}
	if (Estimate{Value: 1, Lo: 1, Hi: 1, NoInterval: "one value"}).Excludes(0) {
		t.Error("no interval excludes nothing")
	}
}
