package page

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/agree"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/people"
)

// peopleStudy is the study page's section on people beside the scorers:
// a scatter per dimension and the agreement figures, as report prints
// them.
type peopleStudy struct {
	Summary  string
	Scatters []scatter
	Tables   []agreementTable
}

// scatter is one dimension's people against each scorer: a dot per
// episode and seat, the diagonal where a scorer agrees with the people.
type scatter struct {
	Dimension, Min, Max string
	Dots                []dot
	Key                 []keyEntry
}

type dot struct{ X, Y, Class, Title string }

type keyEntry struct{ Class, Name, Text string }

// The scatters' geometry, in SVG units: a square plot inside a margin.
const (
	plotSize   = 300.0
	plotMargin = 34.0
)

// agreementTable is one dimension's figures: a heading row per group of
// units, the people's row and a row per scorer.
type agreementTable struct {
	Dimension, Range string
	Rows             []agreementRow
}

type agreementRow struct {
	Label  string
	Group  bool
	By     string
	Scorer string
	Cells  []figureCell
}

// figureCell is one figure as the page shows it, with the numbers
// report --json writes in data attributes.
type figureCell struct {
	Figure, Text, Interval, Why string
	Value, Lo, Hi               string
	N                           int
	Has                         bool
}

// peopleStudyOf is the section of a study's ratings; nil without them.
func peopleStudyOf(st *people.Study) *peopleStudy {
	if st == nil {
		return nil
	}
	s := st.Summary()
	out := &peopleStudy{Summary: fmt.Sprintf("%d ratings by %d raters of %d episodes; %d episodes joined to recordings, %d seats rated.",
		s.Ratings, s.Raters, s.Rated, s.Joined, s.Units)}
	if len(s.NotFound) > 0 {
		out.Summary += fmt.Sprintf(" %d rated episodes are not among the recordings.", len(s.NotFound))
	}
	t := st.Table()
	for _, d := range metrics.JudgeDimensions {
		if sc, ok := scatterOf(d, st.Points(d.Key)); ok {
			out.Scatters = append(out.Scatters, sc)
		}
		if at := agreementOf(d, t.Groups); len(at.Rows) > 0 {
			out.Tables = append(out.Tables, at)
		}
	}
	return out
}

// scatterOf draws a dimension's series; ok is false without any.
func scatterOf(d metrics.JudgeDimension, series []people.Series) (scatter, bool) {
	sc := scatter{Dimension: strings.ReplaceAll(d.Key, "_", " "), Min: number(d.Min), Max: number(d.Max)}
	at := func(v float64) float64 { return (v - d.Min) / (d.Max - d.Min) * (plotSize - 2*plotMargin) }
	for i, s := range series {
		class := fmt.Sprintf("s%d", i%4)
		for k := range s.People {
			sc.Dots = append(sc.Dots, dot{X: svgNumber(plotMargin + at(s.People[k])), Y: svgNumber(plotSize - plotMargin - at(s.Scores[k])), Class: class,
				Title: fmt.Sprintf("%s: people %s, scorer %s", clean(s.Scorer), number(s.People[k]), number(s.Scores[k]))})
		}
		r := agree.Pearson(s.Scores, s.People)
		text := fmt.Sprintf("n %d", len(s.People))
		if r.Measured() {
			text += ", r " + strconv.FormatFloat(r.Value, 'f', 2, 64)
		}
		sc.Key = append(sc.Key, keyEntry{Class: class, Name: clean(s.Scorer), Text: text})
	}
	return sc, len(series) > 0
}

// svgNumber is a coordinate with one decimal.
func svgNumber(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// agreementOf is a dimension's table from its groups.
func agreementOf(d metrics.JudgeDimension, groups []people.Group) agreementTable {
	at := agreementTable{Dimension: strings.ReplaceAll(d.Key, "_", " "), Range: fmt.Sprintf("%g..%g", d.Min, d.Max)}
	for _, g := range groups {
		if g.Dimension != d.Key {
			continue
		}
		by := byText(g.By)
		at.Rows = append(at.Rows, agreementRow{Label: by, Group: true, By: by})
		at.Rows = append(at.Rows, agreementRow{Label: "people", By: by, Cells: []figureCell{
			figureOf("mean", g.Raters), {Figure: "n", Text: strconv.Itoa(g.Raters.N), Value: strconv.Itoa(g.Raters.N), N: g.Raters.N, Has: true},
			figureOf("alpha", g.Alpha), {}, {}, {}}})
		for _, s := range g.Scorers {
			name := clean(s.Name)
			mean := figureOf("mean", s.Mean)
			mean.Interval, mean.Lo, mean.Hi = "", "", ""
			at.Rows = append(at.Rows, agreementRow{Label: name, By: by, Scorer: name, Cells: []figureCell{
				mean, {Figure: "n", Text: strconv.Itoa(s.N), Value: strconv.Itoa(s.N), N: s.N, Has: true},
				figureOf("bias", s.Bias), figureOf("pearson", s.Pearson), figureOf("spearman", s.Spearman),
				{Figure: "mae", Text: strconv.FormatFloat(s.MAE, 'f', 2, 64), Value: number(s.MAE), N: s.N, Has: true}}})
		}
	}
	return at
}

// byText names a group's units, as report does.
func byText(b people.By) string {
	switch {
	case b.Model != "":
		return "model " + clean(b.Model)
	case b.Mode != "":
		return "mode " + clean(b.Mode)
	}
	return "every recording"
}

// figureOf is an estimate's cell: "not measured" and why when it is not.
func figureOf(figure string, e agree.Estimate) figureCell {
	c := figureCell{Figure: figure, N: e.N}
	if !e.Measured() {
		c.Text, c.Why = "not measured", e.Missing
		return c
	}
	c.Has, c.Value = true, number(e.Value)
	c.Text = strconv.FormatFloat(e.Value, 'f', 2, 64)
	if figure == "bias" {
		c.Text = fmt.Sprintf("%+.2f", e.Value)
	}
	if e.HasInterval() {
		c.Lo, c.Hi = number(e.Lo), number(e.Hi)
		c.Interval = fmt.Sprintf("[%.2f, %.2f]", e.Lo, e.Hi)
	} else {
		c.Why = e.NoInterval
	}
	return c
}
