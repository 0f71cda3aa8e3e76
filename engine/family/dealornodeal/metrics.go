package dealornodeal

import (
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Deal-or-No-Deal metric names.
const (
	Agreement   = "agreement"
	PointsSeat0 = "points_seat0"
	PointsSeat1 = "points_seat1"
	JointPoints = "joint_points"
	Pareto      = "pareto_optimal"
)

// Metrics sets agreement, each side's points (0 without agreement,
// as in Lewis et al. 2017), the joint points, whether an agreed split is
// Pareto optimal (no other split gives one side more and the other no
// less), and goal completion: 10 x points / the side's value of
// everything on the table. None of them is measured when no rule read
// the outcome (a dialogue in words only).
func (Family) Metrics(m map[string]float64, sc *scenario.Scenario, ep family.Episode) {
	d := DealOf(sc)
	if d == nil || ep.NotMeasured(append([]string{Agreement, Pareto, PointsSeat0, PointsSeat1, JointPoints}, metrics.GoalKeys...)...) {
		return
	}
	out, _ := ep.Outcome.Terms.(Division)
	m[Agreement] = metrics.Flag(out.Deal)
	var pts [2]int
	if out.Deal {
		for side := 0; side < 2; side++ {
			pts[side] = d.Points(side, out.Splits[side])
		}
		m[Pareto] = metrics.Flag(ParetoOptimal(d, out.Splits[0]))
	}
	m[PointsSeat0], m[PointsSeat1] = float64(pts[0]), float64(pts[1])
	m[JointPoints] = float64(pts[0] + pts[1])
	var gc [2]float64
	for side := 0; side < 2; side++ {
		if total := d.Points(side, d.everything()); total > 0 {
			gc[side] = 10 * float64(pts[side]) / float64(total)
		}
	}
	metrics.SetGoal(m, gc)
}

// Measures are the agreement rate, the share of Pareto-optimal
// agreements and the points.
func (Family) Measures() []family.Measure {
	return []family.Measure{
		{Key: Agreement, Label: "agreement rate", Rate: true, Max: 1},
		{Key: Pareto, Label: "Pareto-optimal agreements", Rate: true, Max: 1},
		{Key: PointsSeat0, Label: "points, seat 0"},
		{Key: PointsSeat1, Label: "points, seat 1"},
		{Key: JointPoints, Label: "joint points"},
	}
}

// ParetoOptimal reports whether no split improves on seat 0 taking first
// (and seat 1 the rest) for one side without costing the other.
func ParetoOptimal(d *Deal, first Split) bool {
	a, b := d.Points(0, first), d.Points(1, d.Rest(first))
	for _, s := range d.Splits() {
		x, y := d.Points(0, s), d.Points(1, d.Rest(s))
		if x >= a && y >= b && (x > a || y > b) {
			return false
		}
	}
	return true
}
