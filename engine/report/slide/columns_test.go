package slide

import "testing"

// However many panels a slide has and whatever their size, no row holds
// a single panel beside fuller ones (5 panels are 3 and 2, not 4 and 1;
// 7 are 3, 2 and 2), and the slide does not fall back to one tall
// column when rows fit.
func TestSlideLeavesNoPanelAlone(t *testing.T) {
	for panels := 2; panels <= 12; panels++ {
		for width := minPanelWidth; width <= 900; width += 115 {
			for height := 250.0; height <= 800; height += 50 {
				cols := columnsFor(panels, width, height)
				items := make([]int, panels)
				rows := balancedRows(items, cols)
				total := 0
				for _, r := range rows {
					total += len(r)
					if len(r) == 1 && len(rows[0]) > 1 {
						t.Errorf("%d panels of %.0fx%.0f in rows of %d: one alone on a row", panels, width, height, cols)
					}
					if len(r) > cols || len(rows[0])-len(r) > 1 {
						t.Errorf("%d panels in rows of %d: rows %v", panels, cols, rows)
					}
				}
				if total != panels {
					t.Errorf("%d panels laid out as %d", panels, total)
				}
			}
		}
	}
	if cols := columnsFor(7, minPanelWidth, 400); cols < 2 {
		t.Errorf("7 panels of %.0fx400 in one column", minPanelWidth)
	}
}
