package slide

import "testing"

// width is a panel of a width, for rowsFor.
type width float64

func (w width) widthOf() float64 { return float64(w) }

// However many panels of one size a slide has, the rows hold them in
// order, as few rows as fit, none wider than the slide unless a panel
// alone is, their lengths differing by one at most, the fuller first:
// 5 panels that fit 4 to a row are 3 and 2, not 4 and 1; 7 that fit 3
// are 3, 2 and 2.
func TestSlideLeavesNoPanelAlone(t *testing.T) {
	limit := maxSlideWidth - 2*slideMargin
	for panels := 2; panels <= 12; panels++ {
		for w := minPanelWidth; w <= 900; w += 115 {
			items := make([]width, panels)
			for i := range items {
				items[i] = width(w)
			}
			perRow := int((limit + panelGap) / (w + panelGap))
			rows := rowsFor(items, limit)
			total := 0
			for _, r := range rows {
				total += len(r)
				if len(r) > perRow || len(rows[0])-len(r) > 1 || len(r) > len(rows[0]) {
					t.Errorf("%d panels %.0f wide (%d fit a row): rows %v", panels, w, perRow, rows)
				}
			}
			if want := (panels + perRow - 1) / perRow; len(rows) != want {
				t.Errorf("%d panels %.0f wide in %d rows, want %d", panels, w, len(rows), want)
			}
			if total != panels {
				t.Errorf("%d panels laid out as %d", panels, total)
			}
		}
	}
	// A panel wider than the slide has a row of its own.
	if rows := rowsFor([]width{400, 2000, 400}, limit); len(rows) != 3 {
		t.Errorf("a panel wider than the slide shares a row: %v", rows)
	}
}
