package page

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/report/slide"
)

// Link is an episode page a study page links to: the scenario it shows,
// its family, its runs, and where it is, relative to the study page.
type Link struct {
	Scenario, Family, Href string
	Runs                   int
}

// study is what a study page shows.
type study struct {
	head
	Headline         *table
	Tables           []table
	Chart            template.HTML
	Links            []Link
	Scenarios, Shown int
	// People is the ratings' section, when the study has ratings.
	People *peopleStudy
}

// table is the headline's or a family's: a column per group, a row per
// measure.
type table struct {
	Title   string
	Family  string
	Columns []column
	Rows    []row
}

type column struct{ Mode, Label, Split string }

type row struct {
	Key, Label string
	Cells      []cell
}

// cell is one group's figure, its numbers as report --json writes them
// in data attributes and, for reading, rounded.
type cell struct {
	Family, Mode, Split, Key string
	Has                      bool
	Mean, Lo, Hi             string
	N                        int
	Text, Interval           string
	// Unmeasured says why some or all of the group's episodes have no
	// figure (report.NotMeasured); "" when all were measured.
	Unmeasured string
}

// WriteStudy writes a study's page: the report's headline and a table
// per family (each cell carrying the numbers report --json writes), the
// slide's charts inline as SVG, links to the episode pages written
// beside it (of scenarios out of many: links names the ones shown), and
// with ratings (rated, nil for none) the people beside the scorers: a
// scatter per dimension and the agreement figures.
func WriteStudy(w io.Writer, r report.Report, links []Link, scenarios int, rated *people.Study) error {
	var svg bytes.Buffer
	if err := slide.WriteSVG(&svg, r.Chart()); err != nil {
		return err
	}
	s := study{head: newHead("omnigap study"), Links: links, Scenarios: scenarios, Shown: len(links),
		// The slide escapes every label it draws (slide.escapeXML).
		Chart: template.HTML(svg.String()), People: peopleStudyOf(rated)}
	if r.Headline != nil {
		t := tableOf("Every family pooled", "", r.Headline.Groups, r.By)
		s.Headline = &t
	}
	for _, f := range r.Families() {
		s.Tables = append(s.Tables, tableOf(clean(string(f)), clean(string(f)), r.Of(f), r.By))
	}
	return templates().ExecuteTemplate(w, "study", s)
}

func tableOf(title, family string, gs []report.Group, by []report.Dim) table {
	t := table{Title: title, Family: family}
	for _, g := range gs {
		t.Columns = append(t.Columns, column{Mode: string(g.Mode), Label: g.Mode.Label(), Split: splitText(g.Split, by)})
	}
	for _, m := range report.Measures() {
		r := row{Key: m.Key, Label: clean(m.Label)}
		any := false
		for _, g := range gs {
			c := cell{Family: family, Mode: string(g.Mode), Split: splitText(g.Split, by), Key: m.Key, Text: "–"}
			st, ok := g.Stats[m.Key]
			if ok {
				any = true
				c.Has, c.N = true, st.N
				c.Mean, c.Lo, c.Hi = number(st.Mean), number(st.Lo), number(st.Hi)
				c.Text = strconv.FormatFloat(st.Mean, 'g', 3, 64)
				c.Interval = "[" + strconv.FormatFloat(st.Lo, 'g', 3, 64) + ", " + strconv.FormatFloat(st.Hi, 'g', 3, 64) + "]"
			}
			if n, unmeasured := g.NotMeasured[m.Key]; unmeasured {
				any = true
				c.Unmeasured = clean(n.Text())
				if ok {
					c.Interval += " (n=" + strconv.Itoa(st.N) + ")"
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
