package scenario

import (
	"fmt"
	"strings"
)

// Deal is the Deal-or-No-Deal family's data: the items on the table and
// each side's private value per item (Lewis et al. 2017).
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

// Split is how many of each item one side takes.
type Split map[string]int

// Points is what split is worth to side.
func (d *Deal) Points(side int, split Split) int {
	n := 0
	for _, it := range d.Items {
		n += split[it.Name] * d.Values[side][it.Name]
	}
	return n
}

// Rest is what is left for the other side when one takes split.
func (d *Deal) Rest(split Split) Split {
	out := Split{}
	for _, it := range d.Items {
		out[it.Name] = it.Count - split[it.Name]
	}
	return out
}

// Fits reports whether split takes, of every item, between none and all,
// and names only items on the table.
func (d *Deal) Fits(split Split) error {
	for name := range split {
		if d.count(name) < 0 {
			return fmt.Errorf("there is no %s on the table", name)
		}
	}
	for _, it := range d.Items {
		if n := split[it.Name]; n < 0 || n > it.Count {
			return fmt.Errorf("there are %d %s, not %d", it.Count, Plural(it.Name, it.Count), n)
		}
	}
	return nil
}

// Complements reports whether two sides' splits divide every item exactly.
func (d *Deal) Complements(a, b Split) bool {
	for _, it := range d.Items {
		if a[it.Name]+b[it.Name] != it.Count {
			return false
		}
	}
	return true
}

// Splits lists every way one side can take items, in a stable order.
func (d *Deal) Splits() []Split {
	out := []Split{{}}
	for _, it := range d.Items {
		var next []Split
		for _, s := range out {
			for n := 0; n <= it.Count; n++ {
				c := Split{it.Name: n}
				for k, v := range s {
					c[k] = v
				}
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

func (d *Deal) count(name string) int {
	for _, it := range d.Items {
		if it.Name == name {
			return it.Count
		}
	}
	return -1
}

// Words says a split in words: "2 books, no hat and the ball" (with one
// hat on the table; "no hats" when there are more).
func (d *Deal) Words(split Split) string {
	var parts []string
	for _, it := range d.Items {
		n := split[it.Name]
		switch {
		case n == 0:
			parts = append(parts, "no "+Plural(it.Name, it.Count))
		case n == it.Count && n == 1:
			parts = append(parts, "the "+it.Name)
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n, Plural(it.Name, n)))
		}
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Plural is an item name for n of them: book, books.
func Plural(name string, n int) string {
	if n == 1 {
		return name
	}
	switch {
	case strings.HasSuffix(name, "s"), strings.HasSuffix(name, "x"), strings.HasSuffix(name, "ch"), strings.HasSuffix(name, "sh"):
		return name + "es"
	case strings.HasSuffix(name, "y") && len(name) > 1 && !strings.ContainsRune("aeiou", rune(name[len(name)-2])):
		return name[:len(name)-1] + "ies"
	}
	return name + "s"
}
