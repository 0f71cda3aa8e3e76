package browse

import (
	"cmp"
	"slices"
	"strings"
)

// Sort orders groups by column c, descending when desc is set. A group
// with nothing in the column (no gap, a figure not measured, a mode it
// lacks) sorts last either way; ties keep the groups' IDs in order.
func Sort(groups []*Group, c Column, desc bool) {
	type keyed struct {
		g    *Group
		num  float64
		text string
		has  bool
	}
	ks := make([]keyed, len(groups))
	for i, g := range groups {
		cell := c.Cell(g)
		ks[i] = keyed{g: g, num: cell.Value, text: strings.ToLower(cell.Text), has: cell.OK || !c.Numeric && cell.Text != ""}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if a.has != b.has {
			if a.has {
				return -1
			}
			return 1
		}
		n := 0
		if a.has {
			if c.Numeric {
				n = cmp.Compare(a.num, b.num)
			} else {
				n = natural(a.text, b.text)
			}
			if desc {
				n = -n
			}
		}
		if n == 0 {
			n = natural(a.g.ID, b.g.ID)
		}
		return n
	})
	for i, k := range ks {
		groups[i] = k.g
	}
}

// natural compares two texts with their runs of digits as numbers, so
// gen-2 comes before gen-10.
func natural(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if n := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb)); n != 0 {
				return n
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digits is the length of the run of ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
