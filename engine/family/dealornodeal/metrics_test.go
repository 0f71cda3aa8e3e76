package dealornodeal

import (
	"testing"
)

func TestParetoOptimal(t *testing.T) {
	d := &Deal{
		Items:  []Item{{Name: "book", Count: 3}, {Name: "hat", Count: 2}, {Name: "ball", Count: 1}},
		Values: [2]map[string]int{{"book": 2, "hat": 2, "ball": 0}, {"book": 0, "hat": 2, "ball": 6}},
	}
	for _, c := range []struct {
		first Split
		want  bool
	}{
		{Split{"book": 3, "hat": 2}, true},             // 10 and 6: nothing better for both
		{Split{"book": 3, "hat": 1}, true},             // 8 and 8
		{Split{"book": 2, "hat": 2}, false},            // giving away a book worth nothing to the partner
		{Split{"book": 3, "hat": 2, "ball": 1}, false}, // the ball is worth nothing to seat 0
	} {
		if got := ParetoOptimal(d, c.first); got != c.want {
			t.Errorf("seat 0 takes %v: Pareto optimal %v, want %v", c.first, got, c.want)
		}
	}
}
