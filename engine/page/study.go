package page

import (
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/report"
)

// study is what a study page shows.
type study struct {
	head
	Headline *section
	Families []section
	Charts   charts
	Index    *Index
	// People is the ratings' section, when the study has ratings.
	People *peopleStudy
}

// section is the headline's or a family's: a table of its groups and one
// of its paired differences.
type section struct {
	Title               string
	Groups, Paired      *table
	PairedTitle, Reason string
}

// charts are the slide's panels drawn for the page, the headline's
// paired differences first, and the notes on what is not drawn.
type charts struct {
	Title, Subtitle string
	Panels          []chart
	Notes           []string
}

// table is a column per group (or per comparison of two), a row per
// measure.
type table struct {
	// Label names the table for a screen reader.
	Label   string
	Columns []column
	Rows    []row
}

// column is a group's (a mode's, and its split in a grouped report) or a
// comparison's (Mode empty).
type column struct{ Mode, Label, Split string }

type row struct {
	Key, Label string
	Cells      []cell
}

// cell is one group's figure, or one paired difference, its numbers as
// report --json writes them in data attributes and, for reading, as
// report prints them.
type cell struct {
	Family, Mode, Split, Key string
	// Column names the cell's column, shown beside it where the table
	// reflows on a phone.
	Column string
	Has    bool
	// Paired marks a paired difference: First minus Second, of the
	// groups FirstOf and SecondOf in a grouped report.
	Paired                           bool
	First, Second, FirstOf, SecondOf string
	Mean, Lo, Hi                     string
	N                                int
	Text, Interval                   string
	// Unmeasured says why some or all of the group's episodes have no
	// figure (report.NotMeasured); "" when all were measured.
	Unmeasured string
}

// WriteStudy writes a study's page: the report's headline and a table
// per family, each with its paired differences (each cell carrying the
// numbers report --json writes), the charts of the slide and of the
// headline's paired differences, drawn to fit a phone, and the index of
// every group of twins, linking to the episode pages written beside it
// (WriteStudyFiles; nil for none), and with ratings (rated, nil for
// none) the people beside the scorers: a scatter per dimension and the
// agreement figures.
func WriteStudy(w io.Writer, r report.Report, index *Index, rated *people.Study) error {
	s := study{head: newHead("omnigap study", studyScript), Index: index, People: peopleStudyOf(rated)}
	ch := r.Chart()
	s.Charts = charts{Title: clean(ch.Title), Subtitle: clean(ch.Subtitle)}
	if h := r.Headline; h != nil {
		var names []string
		for _, f := range h.Families {
			names = append(names, clean(string(f)))
		}
		sec := sectionOf("Every family pooled ("+strings.Join(names, ", ")+")", "", h.Groups, h.Paired, r.By)
		s.Headline = &sec
		for _, p := range pairedPanels(h, r.By) {
			s.Charts.Panels = append(s.Charts.Panels, chartOf(p))
		}
	}
	for _, f := range r.Families() {
		var ps []report.Paired
		for _, p := range r.Paired {
			if p.Family == f {
				ps = append(ps, p)
			}
		}
		s.Families = append(s.Families, sectionOf(clean(string(f)), clean(string(f)), r.Of(f), ps, r.By))
	}
	for _, p := range ch.Panels {
		s.Charts.Panels = append(s.Charts.Panels, chartOf(p))
	}
	for _, n := range ch.Notes {
		s.Charts.Notes = append(s.Charts.Notes, clean(n))
	}
	return templates().ExecuteTemplate(w, "study", s)
}

// sectionOf is a table of groups and one of their paired differences.
func sectionOf(title, family string, gs []report.Group, ps []report.Paired, by []report.Dim) section {
	t := groupsTable(family, gs, by)
	t.Label = title + ": means"
	sec := section{Title: title, Groups: &t}
	if len(ps) > 0 {
		p := pairedTable(family, ps, by)
		p.Label = title + ": paired differences"
		sec.Paired = &p
		n := 0
		for _, p := range ps {
			n = max(n, p.N)
		}
		noun := "pairs"
		if n == 1 {
			noun = "pair"
		}
		sec.PairedTitle = fmt.Sprintf("Paired differences, same scenarios and seeds (up to %d %s): mean [95%% CI]", n, noun)
	}
	return sec
}

func groupsTable(family string, gs []report.Group, by []report.Dim) table {
	var t table
	for _, g := range gs {
		t.Columns = append(t.Columns, column{Mode: string(g.Mode), Label: g.Mode.Label(), Split: splitText(g.Split, by)})
	}
	for _, m := range report.Measures() {
		r := row{Key: m.Key, Label: clean(m.Label)}
		any := false
		for i, g := range gs {
			c := cell{Family: family, Mode: string(g.Mode), Split: splitText(g.Split, by), Key: m.Key, Column: t.Columns[i].name(), Text: "–"}
			st, ok := g.Stats[m.Key]
			if ok {
				any = true
				c.Has, c.N = true, st.N
				c.Mean, c.Lo, c.Hi = number(st.Mean), number(st.Lo), number(st.Hi)
				c.Text, c.Interval = st.Figures()
			}
			if n, unmeasured := g.NotMeasured[m.Key]; unmeasured {
				any = true
				c.Unmeasured = clean(n.Text())
				if ok {
					if st.N >= 2 {
						c.Interval += " (n=" + strconv.Itoa(st.N) + ")"
					}
					c.Unmeasured = fmt.Sprintf("%d episodes %s", n.Episodes, c.Unmeasured)
				} else {
					c.Text = "not measured"
					c.Unmeasured = clean(n.Why)
				}
			}
			r.Cells = append(r.Cells, c)
		}
		if any {
			t.Rows = append(t.Rows, r)
		}
	}
	return t
}

// pairedTable is paired differences: a column per comparison (report
// prints them so), a row per measure.
func pairedTable(family string, ps []report.Paired, by []report.Dim) table {
	var t table
	index := map[string]int{}
	for _, p := range ps {
		label := strings.Join(p.Heads(by), " · ")
		if _, ok := index[label]; !ok {
			index[label] = len(t.Columns)
			t.Columns = append(t.Columns, column{Label: label})
		}
	}
	for _, m := range report.Measures() {
		r := row{Key: m.Key, Label: clean(m.Label), Cells: make([]cell, len(t.Columns))}
		for i, c := range t.Columns {
			r.Cells[i] = cell{Column: c.Label, Text: "–"}
		}
		any := false
		for _, p := range ps {
			if p.Key != m.Key {
				continue
			}
			any = true
			c := &r.Cells[index[strings.Join(p.Heads(by), " · ")]]
			c.Family, c.Key, c.Has, c.Paired, c.N = family, m.Key, true, true, p.N
			c.First, c.Second = string(p.First), string(p.Second)
			c.FirstOf, c.SecondOf = splitText(p.FirstOf, by), splitText(p.SecondOf, by)
			c.Mean, c.Lo, c.Hi = number(p.Mean), number(p.Lo), number(p.Hi)
			c.Text, c.Interval = p.Figures()
		}
		if any {
			t.Rows = append(t.Rows, r)
		}
	}
	return t
}

// name is the column's heading in one line, beside a cell where a table
// reflows.
func (c column) name() string {
	if c.Split == "" {
		return c.Label
	}
	return c.Label + " · " + c.Split
}

// number writes a figure as encoding/json does, so that the page's
// numbers read back equal to report --json's.
func number(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// splitText names a group's study, model, scenario... in a report grouped
// by them; empty in one grouped by family and mode alone.
func splitText(s report.Split, by []report.Dim) string {
	if len(by) == 0 {
		return ""
	}
	return s.Label(by)
}

//go:embed study.html
var studyHTML string
