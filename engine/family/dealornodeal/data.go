package dealornodeal

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Deal is the family's data (scenario.Data, under the key
// "dealornodeal"): the items on the table and each side's private value
// per item (Lewis et al. 2017).
type Deal struct {
	Items  []Item            `yaml:"items" json:"items"`
	Values [2]map[string]int `yaml:"values" json:"values"`
}

// Item is a kind of object on the table and how many there are.
type Item struct {
	Name  string `yaml:"name" json:"name"`
	Count int    `yaml:"count" json:"count"`
}

// MaxSplits bounds the ways one side can take items, which players and
// metrics enumerate.
const MaxSplits = 10000

// Section: the items and values are written under "dealornodeal".
func (Family) Section() scenario.Section {
	return scenario.Section{Key: "dealornodeal", New: func() scenario.Data { return &Deal{} }}
}

// DealOf returns the scenario's items and values, or nil when it has
// none.
func DealOf(sc *scenario.Scenario) *Deal {
	d, _ := sc.Data.(*Deal)
	return d
}

// Clone returns a deep copy of the items and values.
func (d *Deal) Clone() scenario.Data {
	c := Deal{Items: slices.Clone(d.Items)}
	for side := range c.Values {
		c.Values[side] = maps.Clone(d.Values[side])
	}
	return &c
}

// Scene is the table: the items, which both sides see.
func (d *Deal) Scene() view.Scene { return Table(d.Items) }

// Holding is a side's own values of the items.
func (d *Deal) Holding(seat int) view.Holding {
	return &Values{Items: d.Items, Points: d.Values[seat]}
}

// Table is the items on the table as every viewer is shown them
// (view.View.Scene).
type Table []Item

// Render writes what there is to divide.
func (t Table) Render(b *strings.Builder) {
	if len(t) == 0 {
		return
	}
	d := Deal{Items: t}
	fmt.Fprintf(b, "Items to divide: %s\n", d.Words(d.everything()))
}

// Values are one side's points per item as a view holds them
// (view.SeatView.Holding), with the items in their order on the table.
type Values struct {
	Items  []Item
	Points map[string]int
}

// Render writes the points of each item.
func (v *Values) Render(b *strings.Builder, whose string) {
	if len(v.Points) == 0 {
		return
	}
	fmt.Fprintf(b, "%s points per item:\n", whose)
	for _, it := range v.Items {
		n := v.Points[it.Name]
		unit := "points"
		if n == 1 {
			unit = "point"
		}
		fmt.Fprintf(b, "- %s: %d %s each\n", it.Name, n, unit)
	}
}

// Summary: the values are not listed apart from the view's text.
func (v *Values) Summary() string { return "" }

// Label: the values are facts of their own in the card.
func (v *Values) Label() string { return "" }

// ItemsOf returns the items a view shows on the table, or nil.
func ItemsOf(v view.View) []Item {
	t, _ := v.Scene.(Table)
	return t
}

// ValuesOf returns the points per item a seat view holds, or nil.
func ValuesOf(sv view.SeatView) map[string]int {
	if v, ok := sv.Holding.(*Values); ok {
		return v.Points
	}
	return nil
}
