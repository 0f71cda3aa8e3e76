package browser

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/event"
)

// column is one column as the list draws it: the index's column, its
// heading and width, and whether it stays in place when the list scrolls
// sideways (the gap and the scenario do).
type column struct {
	browse.Column
	head   string
	width  int
	frozen bool
}

// Widths of the columns whose text has a known size; the scenario's
// takes what the screen leaves, between these two.
const (
	minTitle = 16
	maxTitle = 44
	maxID    = 22
	maxModel = 24
)

// titleRoom is the least the scenario's column takes at width w: a sixth
// of the screen, within its bounds.
func titleRoom(w int) int { return min(max(w/6, minTitle), maxTitle) }

// layout orders the index's columns as the list shows them: the gap and
// the scenario, the episode's id, each mode's goal, ending, turns and
// annotation counts (headed by the kinds' markers, which the legend
// under the list names), then the models and the family.
func layout(ix *browse.Index) []column {
	cols := ix.Columns()
	widest := func(c browse.Column, most int) int {
		w := ansi.StringWidth(c.Field)
		for _, g := range ix.Groups {
			w = max(w, ansi.StringWidth(c.Cell(g).Text))
			if w >= most {
				return most
			}
		}
		return w
	}
	byKey := func(key string) browse.Column { c, _ := browse.ColumnByKey(cols, key); return c }
	out := []column{
		{Column: byKey(browse.Gap), head: "gap", width: 6, frozen: true},
		{Column: byKey(browse.Title), head: "scenario", width: minTitle, frozen: true},
		{Column: byKey(browse.ID), head: "id", width: widest(byKey(browse.ID), maxID)},
	}
	order := []string{browse.GoalCell, browse.Ending, browse.Turns}
	for _, k := range event.Kinds {
		if k.Row != "" {
			order = append(order, k.Plural)
		}
	}
	for _, m := range ix.Modes {
		for _, f := range order {
			c := byKey(string(m) + "." + f)
			head, width := f, 5
			switch f {
			case browse.Ending:
				width = 14
			case browse.GoalCell, browse.Turns:
			default:
				head, width = markerOf(f), 3
			}
			out = append(out, column{Column: c, head: head, width: width})
		}
	}
	return append(out,
		column{Column: byKey(browse.Models), head: "models", width: widest(byKey(browse.Models), maxModel)},
		column{Column: byKey(browse.Family), head: "family", width: widest(byKey(browse.Family), 13)})
}

// markerOf is the marker of the annotation kind counted in field.
func markerOf(field string) string {
	for _, k := range event.Kinds {
		if k.Plural == field {
			return k.Marker
		}
	}
	return field
}

// titleWidth is the widest scenario title, at most maxTitle.
func titleWidth(ix *browse.Index) int {
	w := minTitle
	for _, g := range ix.Groups {
		if w = max(w, ansi.StringWidth(g.Title)); w >= maxTitle {
			return maxTitle
		}
	}
	return w
}

// window is what of the columns fits width w when the scrolled ones
// start at first: the indexes of the columns shown, and the scenario's
// width (the room they leave, within its bounds).
func window(cols []column, first, w, title int) (shown []int, titleW int) {
	used, least := 0, min(titleRoom(w), title)
	for i, c := range cols {
		if c.frozen {
			shown = append(shown, i)
			used += c.width + 1
		}
	}
	used += least - minTitle // the scenario's column is minTitle wide in cols
	for i := first; i < len(cols); i++ {
		if cols[i].frozen {
			continue
		}
		if used+cols[i].width+1 > w {
			break
		}
		shown = append(shown, i)
		used += cols[i].width + 1
	}
	titleW = min(least+max(w-used, 0), title)
	slices.Sort(shown)
	return shown, titleW
}

// firstFor is where the scrolled columns start so that column sort shows
// at width w (the widest title title), moving as little as it can from
// first.
func firstFor(cols []column, first, sort, w, title int) int {
	first = max(first, firstScrolled(cols))
	if cols[sort].frozen {
		return first
	}
	if sort < first {
		return sort
	}
	for ; first < sort; first++ {
		shown, _ := window(cols, first, w, title)
		if slices.Contains(shown, sort) {
			return first
		}
	}
	return sort
}

// firstScrolled is the first column that scrolls.
func firstScrolled(cols []column) int {
	for i, c := range cols {
		if !c.frozen {
			return i
		}
	}
	return len(cols)
}

// cell fits text to w cells, numbers to the right.
func cell(text string, w int, right bool) string {
	tw := ansi.StringWidth(text)
	if tw > w {
		return ansi.Truncate(text, w, "…")
	}
	pad := strings.Repeat(" ", w-tw)
	if right {
		return pad + text
	}
	return text + pad
}
