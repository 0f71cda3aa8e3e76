package slide

import "testing"

// However many panels a slide has and whatever their size, no row holds
// a single panel under fuller ones: 5 panels are 3 and 2, not 4 and 1.
func TestSlideLeavesNoPanelAlone(t *testing.T) {
	for panels := 2; panels <= 12; panels++ {
		for width := minPanelWidth; width <= 900; width += 115 {
			for height := 250.0; height <= 800; height += 50 {
				cols := columnsFor(panels, width, height)
				if rows := (panels + cols - 1) / cols; rows > 1 && panels%cols == 1 {
					t.Errorf("%d panels of %.0fx%.0f: %d a row leaves one alone on the last", panels, width, height, cols)
				}
			}
		}
	}
}
