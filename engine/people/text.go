package people

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/agree"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// WriteText prints the study as report does after its tables: what was
// read and joined, then per dimension a table of the people's mean and
// alpha and each scorer's figures beside them, every recording pooled
// and then per model or mode, laid out to width; then where a scorer
// flatters or is harsher than the people.
func (s *Study) WriteText(w io.Writer, width int) error {
	var b strings.Builder
	writeSummary(&b, s.Summary())
	t := s.Table()
	for _, d := range metrics.JudgeDimensions {
		var gs []Group
		for _, g := range t.Groups {
			if g.Dimension == d.Key {
				gs = append(gs, g)
			}
		}
		if len(gs) > 0 {
			fmt.Fprintf(&b, "\n%s (%g..%g)\n", dimensionLabel(d.Key), d.Min, d.Max)
			writeDimension(&b, gs, width)
		}
	}
	writeLeans(&b, t)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSummary(b *strings.Builder, s Summary) {
	fmt.Fprintf(b, "people beside the scorers: %d ratings by %d raters of %d episodes (%d files, %d rows)", s.Ratings, s.Raters, s.Rated, s.Files, s.Rows)
	fmt.Fprintf(b, "; %d episodes joined to recordings, %d seats rated\n", s.Joined, s.Units)
	b.WriteString("  people: each seat's raters averaged, with the 95% t interval; alpha: Krippendorff's, interval level, bootstrap interval;\n  bias: scorer minus people, with the 95% t interval; pearson and spearman with Fisher intervals (docs/METRICS.md)\n")
	if len(s.NotFound) > 0 {
		fmt.Fprintf(b, "  %d ratings of %d episodes not among the recordings: %s\n", s.NotFoundRatings, len(s.NotFound), textsafe.Line(strings.Join(s.NotFound, ", ")))
	}
	for _, n := range []struct {
		count       int
		one, others string
	}{{s.Skipped, "cell left empty (a rater skipped a dimension)", "cells left empty (a rater skipped a dimension)"},
		{s.Problems, "row or cell left out (named above)", "rows or cells left out (named above)"},
		{s.Unseated, "rating whose agent found no seat (named above)", "ratings whose agent found no seat (named above)"}} {
		switch {
		case n.count == 1:
			fmt.Fprintf(b, "  1 %s\n", n.one)
		case n.count > 1:
			fmt.Fprintf(b, "  %d %s\n", n.count, n.others)
		}
	}
}

// dimensionLabel is a dimension's key in words.
func dimensionLabel(key string) string { return strings.ReplaceAll(key, "_", " ") }

// byLabel names a group's units.
func byLabel(by By) string {
	switch {
	case by.Model != "":
		return "model " + textsafe.Line(by.Model)
	case by.Mode != "":
		return "mode " + textsafe.Line(by.Mode)
	}
	return "every recording"
}

// writeDimension is one dimension's table: a heading row per group, the
// people's row and a row per scorer under it; then why figures are not
// measured.
func writeDimension(b *strings.Builder, gs []Group, width int) {
	rows := []gridRow{{label: "", cells: []cell{{main: "mean"}, {main: "n"}, {main: "alpha; bias"}, {main: "pearson"}, {main: "spearman"}, {main: "MAE"}}}}
	var notes []string
	for _, g := range gs {
		rows = append(rows, gridRow{label: byLabel(g.By)})
		rows = append(rows, gridRow{label: "  people", cells: []cell{estimateCell(g.Raters, false), {main: fmt.Sprint(g.Raters.N)}, estimateCell(g.Alpha, false)}})
		notes = append(notes, missingNotes(byLabel(g.By)+", alpha", g.Alpha)...)
		for _, sc := range g.Scorers {
			name := textsafe.Line(sc.Name)
			rows = append(rows, gridRow{label: "  " + name, cells: []cell{{main: number(sc.Mean.Value)}, {main: fmt.Sprint(sc.N)},
				estimateCell(sc.Bias, true), estimateCell(sc.Pearson, false), estimateCell(sc.Spearman, false), {main: number(sc.MAE)}}})
			where := byLabel(g.By) + ", " + name
			notes = append(notes, missingNotes(where+", bias", sc.Bias)...)
			notes = append(notes, missingNotes(where+", pearson", sc.Pearson)...)
			notes = append(notes, missingNotes(where+", spearman", sc.Spearman)...)
		}
	}
	writeGrid(b, rows, width)
	for _, n := range notes {
		b.WriteString("  " + n + "\n")
	}
}

// estimateCell is a figure with its interval under or beside it, signed
// for a bias; "not measured" when it is not.
func estimateCell(e agree.Estimate, signed bool) cell {
	if !e.Measured() {
		return cell{main: "not measured"}
	}
	f := number
	if signed {
		f = signedNumber
	}
	c := cell{main: f(e.Value)}
	if e.HasInterval() {
		c.detail = "[" + f(e.Lo) + ", " + f(e.Hi) + "]"
	}
	return c
}

// missingNotes say why a figure, or its interval, is not measured.
func missingNotes(what string, e agree.Estimate) []string {
	switch {
	case !e.Measured():
		return []string{"not measured: " + what + ": " + e.Missing}
	case e.NoInterval != "":
		return []string{"no interval: " + what + ": " + e.NoInterval}
	}
	return nil
}

// writeLeans names the dimensions where a scorer's bias interval, every
// recording pooled, excludes 0.
func writeLeans(b *strings.Builder, t Table) {
	var names []string
	for _, g := range t.Groups {
		for _, s := range g.Scorers {
			if g.By == (By{}) && !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	if len(names) == 0 {
		b.WriteString("\nno automated scorer scored the rated seats: run omnigap judge on the recordings for a judge's scores\n")
		return
	}
	b.WriteString("\nwhere a scorer's bias interval excludes 0 (every recording pooled):\n")
	for _, name := range names {
		var parts []string
		for _, side := range []struct {
			verb  string
			leans []Lean
		}{{"flatters", t.Flatters}, {"is harsher", t.Harsher}} {
			var ons []string
			for _, l := range side.leans {
				if l.Scorer == name {
					ons = append(ons, "on "+leanText(l))
				}
			}
			if len(ons) > 0 {
				parts = append(parts, side.verb+" "+strings.Join(ons, ", "))
			}
		}
		if len(parts) == 0 {
			parts = []string{"no dimension's bias interval excludes 0"}
		}
		fmt.Fprintf(b, "  %s: %s\n", textsafe.Line(name), strings.Join(parts, "; "))
	}
}

func leanText(l Lean) string {
	return fmt.Sprintf("%s by %s [%s, %s]", dimensionLabel(l.Dimension), signedNumber(l.Bias.Value), signedNumber(l.Bias.Lo), signedNumber(l.Bias.Hi))
}

// number prints a figure with two decimals.
func number(v float64) string { return fmt.Sprintf("%.2f", v) }

// signedNumber is number with its sign, + included.
func signedNumber(v float64) string { return fmt.Sprintf("%+.2f", v) }
