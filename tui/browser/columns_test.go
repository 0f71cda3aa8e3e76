package browser

import (
	"fmt"
	"slices"
	"testing"

	"github.com/omnigap/omnigap/engine/browse"
)

// Whichever column the list sorts by, at any width, the columns shown
// fit the width and hold the sort column, the gap and the scenario
// always among them, the scenario between its bounds.
func TestTheSortColumnAlwaysShows(t *testing.T) {
	cols := []column{{head: "gap", width: 6, frozen: true}, {Column: browse.Column{Field: browse.Title}, head: "scenario", width: minTitle, frozen: true}, {head: "id", width: 22}}
	for m := range 3 {
		for _, w := range []int{5, 14, 5, 3, 3, 3, 3} {
			cols = append(cols, column{head: fmt.Sprint(m), width: w})
		}
	}
	cols = append(cols, column{head: "models", width: 24}, column{head: "family", width: 13})
	for _, w := range []int{30, 80, 120, 160, 200, 300} {
		first := firstScrolled(cols)
		for sort := range cols {
			first = firstFor(cols, first, sort, w, maxTitle)
			shown, titleW := window(cols, first, w, maxTitle)
			used := titleW + 1
			for _, i := range shown {
				if cols[i].Field != browse.Title {
					used += cols[i].width + 1
				}
			}
			if w >= 80 && !slices.Contains(shown, sort) || used > w+1 || !slices.Contains(shown, 0) || !slices.Contains(shown, 1) || titleW < minTitle || titleW > maxTitle {
				t.Errorf("width %d, sort %d: shows %v (first %d), %d cells, the scenario %d wide", w, sort, shown, first, used, titleW)
			}
		}
	}
}
