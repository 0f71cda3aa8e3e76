package dealornodeal

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/jsonw"
)

// Split is how many of each item one side takes: the argument of a
// proposal and of a final selection (event.Action.Arg), kept under
// "split" in recordings.
type Split map[string]int

// Key is the member recordings keep a split under.
func (Split) Key() string { return "split" }

// Label writes the split as "ball=1 book=2 hat=0", items in name order.
func (s Split) Label() string {
	names := make([]string, 0, len(s))
	for k := range s {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%s=%d", k, s[k])
	}
	return strings.Join(parts, " ")
}

// LabelIn writes the split with its items in the order text first names
// them (a plural counts: "books" names book), then the items text does
// not name, in name order: the words and the label read alike.
func (s Split) LabelIn(text string) string {
	lower := strings.ToLower(text)
	at := func(name string) int {
		m := regexp.MustCompile(`\b` + regexp.QuoteMeta(strings.ToLower(name)) + `(e?s)?\b`).FindStringIndex(lower)
		if m == nil {
			return len(lower) + 1
		}
		return m[0]
	}
	names := make([]string, 0, len(s))
	for k := range s {
		names = append(names, k)
	}
	sort.Strings(names)
	pos := make(map[string]int, len(names))
	for _, k := range names {
		pos[k] = at(k)
	}
	sort.SliceStable(names, func(i, j int) bool { return pos[names[i]] < pos[names[j]] })
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%s=%d", k, s[k])
	}
	return strings.Join(parts, " ")
}

// Said: a split names items and counts, never a side's values.
func (Split) Said() string { return "" }

// AppendJSON writes the split as a JSON object in name order.
func (s Split) AppendJSON(dst []byte) ([]byte, bool) { return jsonw.Counts(dst, s), true }

// SplitOf returns the split a move carries, or nil.
func SplitOf(a event.Action) Split {
	s, _ := a.Arg.(Split)
	return s
}

// Division is what the family's rules settle (event.Outcome.Terms): the
// items each side ends with, and whether they agreed on them. Recordings
// keep it as "deal" and "splits", the splits in every family's outcome
// (null and null when nobody took anything).
type Division struct {
	Deal   bool     `json:"deal,omitempty"`
	Splits [2]Split `json:"splits"`
}

// Key: a recorded outcome with splits holds a division.
func (Division) Key() string { return "splits" }

// Agreed reports whether the sides agreed on the division.
func (d Division) Agreed() bool { return d.Deal }

// Terms is the family's terms: a Division.
func (Family) Terms() event.Terms { return Division{} }

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

// everything is every item on the table.
func (d *Deal) everything() Split {
	all := Split{}
	for _, it := range d.Items {
		all[it.Name] = it.Count
	}
	return all
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
