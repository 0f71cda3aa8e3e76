package people

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/internal/stattest"
)

// fixture is a study of n rated episodes whose numbers a test knows:
// each seat's latent score per dimension, two raters about it, and an
// imported evaluator that adds 2 to believability and knowledge.
type fixture struct {
	n       int
	raters  map[string][2]float64 // episode/seat/dimension
	judge   map[string]float64
	models  [2]string
	flatter []string
}

func newFixture(n int) *fixture {
	f := &fixture{n: n, raters: map[string][2]float64{}, judge: map[string]float64{}, models: [2]string{"model-a", "model-b"},
		flatter: []string{"believability", "knowledge"}}
	for e := range n {
		for seat := range 2 {
			for di, d := range metrics.JudgeDimensions {
				mid := math.Round((d.Min + d.Max) / 2)
				latent := mid + float64((e*7+seat*3+di*5)%5-2) // varies within the range
				delta := float64((e+seat+di)%3 - 1)            // -1, 0, 1 between the raters
				noise := []float64{1, -1, 0, 0}[(e+seat*2+di)%4]
				offset := 0.0
				if slices.Contains(f.flatter, d.Key) {
					offset = 2
				}
				k := key(e, seat, d.Key)
				f.raters[k] = [2]float64{latent, clamp(latent+delta, d)}
				f.judge[k] = clamp(latent+offset+noise, d)
			}
		}
	}
	return f
}

func clamp(v float64, d metrics.JudgeDimension) float64 { return math.Max(d.Min, math.Min(d.Max, v)) }

func key(e, seat int, dim string) string { return fmt.Sprintf("%d/%d/%s", e, seat, dim) }

// study joins the fixture's ratings (a CSV file) to its recordings.
func (f *fixture) study(t *testing.T) *Study {
	rows := []string{csvHead()}
	for e := range f.n {
		for r := range 2 {
			set := map[string]string{}
			for seat := range 2 {
				for _, d := range metrics.JudgeDimensions {
					set[fmt.Sprintf("%s_%d", d.Key, seat+1)] = fmt.Sprint(f.raters[key(e, seat, d.Key)][r])
				}
			}
			rows = append(rows, csvRow("x", fmt.Sprintf("ep-%d", e), fmt.Sprintf("rater-%d", r+1), set))
		}
	}
	st := NewStudy(read(t, [2]string{"fixture.csv", strings.Join(rows, "\n")}))
	for e := range f.n {
		m := map[string]float64{}
		for seat := range 2 {
			for _, d := range metrics.JudgeDimensions {
				m[metrics.ImportedJudgeSeatKey(seat, d.Key)] = f.judge[key(e, seat, d.Key)]
			}
		}
		names := [2]string{"Ana Ruiz", "Ben Cole"}
		st.Add(imported(fmt.Sprintf("ep-%d", e), names, names[:], [2]string{f.models[e%2], f.models[(e+1)%2]}, m))
	}
	return st
}

// The figures of every dimension, pooled and per model, equal the same
// figures computed here from their definitions, apart from the package
// that computes them; the dimensions the evaluator was made to flatter
// are named, and no other.
func TestFiguresMatchTheirDefinitions(t *testing.T) {
	f := newFixture(36)
	tb := f.study(t).Table()
	for _, d := range metrics.JudgeDimensions {
		for _, by := range []By{{}, {Model: "model-a"}, {Model: "model-b"}} {
			var people, judge []float64
			var units [][]float64
			for e := range f.n {
				for seat := range 2 {
					if by.Model != "" && f.models[(e+seat)%2] != by.Model {
						continue
					}
					r := f.raters[key(e, seat, d.Key)]
					people = append(people, (r[0]+r[1])/2)
					judge = append(judge, f.judge[key(e, seat, d.Key)])
					units = append(units, r[:])
				}
			}
			g := groupOf(t, tb, d.Key, by)
			where := fmt.Sprintf("%s %+v", d.Key, by)
			near(t, where+" people's mean", g.Raters.Value, stattest.Mean(people))
			near(t, where+" alpha", g.Alpha.Value, alphaByPairs(units))
			// The scene's secrets bring the rule in beside the evaluator.
			if len(g.Scorers) != 1 && d.Key != "secret" || len(g.Scorers) != 2 && d.Key == "secret" {
				t.Fatalf("%s: scorers %+v", where, g.Scorers)
			}
			s := g.Scorers[0]
			diffs := make([]float64, len(people))
			abs := 0.0
			for i := range people {
				diffs[i] = judge[i] - people[i]
				abs += math.Abs(diffs[i])
			}
			near(t, where+" bias", s.Bias.Value, stattest.Mean(diffs))
			near(t, where+" pearson", s.Pearson.Value, stattest.Pearson(judge, people))
			near(t, where+" spearman", s.Spearman.Value, stattest.Pearson(stattest.Ranks(judge), stattest.Ranks(people)))
			near(t, where+" MAE", s.MAE, abs/float64(len(people)))
			half := 1.96 * stattest.SD(diffs) / math.Sqrt(float64(len(diffs))) // the normal's, near t's at 71 df
			if math.Abs((s.Bias.Hi-s.Bias.Lo)/2-half) > 0.02 {
				t.Errorf("%s: bias interval half-width %v, want about %v", where, (s.Bias.Hi-s.Bias.Lo)/2, half)
			}
			if s.N != len(people) || g.Raters.N != len(people) || s.Name != "judge: imported, gpt-4" {
				t.Errorf("%s: n %d and %d of %d, scorer %q", where, s.N, g.Raters.N, len(people), s.Name)
			}
		}
	}
	var flattered []string
	for _, l := range tb.Flatters {
		if l.Scorer == "judge: imported, gpt-4" {
			flattered = append(flattered, l.Dimension)
		}
	}
	if !slices.Equal(flattered, f.flatter) || len(tb.Harsher) != 0 {
		t.Errorf("flatters on %v, harsher on %v; want %v and none", flattered, tb.Harsher, f.flatter)
	}
}

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// alphaByPairs is Krippendorff's interval alpha by its double sums over
// every ordered pair of values.
func alphaByPairs(units [][]float64) float64 {
	var all []float64
	n, within := 0, 0.0
	for _, u := range units {
		for i := range u {
			for j := range u {
				if i != j {
					within += (u[i] - u[j]) * (u[i] - u[j]) / float64(len(u)-1)
				}
			}
		}
		n += len(u)
		all = append(all, u...)
	}
	between := 0.0
	for i := range all {
		for j := range all {
			if i != j {
				between += (all[i] - all[j]) * (all[i] - all[j])
			}
		}
	}
	return 1 - (within/float64(n))/(between/float64(n*(n-1)))
}
