package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"slices"
	"strconv"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// WriteJSON writes the report as indented JSON, control characters in
// labels escaped (textsafe.EscapeJSON).
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(textsafe.JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteCSV writes one row per family, mode and measure, the headline's
// first (family AllFamilies). A report grouped
// by more (By) has a column per further dimension, a first column that
// says what a row is (group or paired), and a row per paired difference.
func (r Report) WriteCSV(w io.Writer) error {
	if len(r.By) > 0 {
		return r.writeGroupedCSV(w)
	}
	cw := csv.NewWriter(w)
	unmeasured := r.unmeasured()
	head := []string{"family", "mode", "episodes", "metric", "n", "mean", "ci95_lo", "ci95_hi"}
	if unmeasured {
		head = append(head, "not_measured", "not_measured_why")
	}
	rows := [][]string{head}
	for _, g := range r.csvGroups() {
		for _, m := range Measures() {
			if !g.Has(m.Key) {
				continue
			}
			row := []string{csvFamily(g.Family), csvText(string(g.Mode)), strconv.Itoa(g.Episodes), m.Key}
			rows = append(rows, append(row, csvStat(g, m.Key, unmeasured)...))
		}
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

// unmeasured reports whether any group has a measure its rules could
// not measure: the CSV then has columns that say in how many episodes,
// and why.
func (r Report) unmeasured() bool {
	return slices.ContainsFunc(r.csvGroups(), func(g Group) bool { return len(g.NotMeasured) > 0 })
}

// csvStat is a group's cells of one measure: n, the mean and its
// interval (empty where nothing was measured), and with withWhy the
// episodes not measured and why.
func csvStat(g Group, key string, withWhy bool) []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	out := []string{"0", "", "", ""}
	if s, ok := g.Stats[key]; ok {
		out = []string{strconv.Itoa(s.N), f(s.Mean), f(s.Lo), f(s.Hi)}
	}
	if withWhy {
		n := g.NotMeasured[key]
		out = append(out, strconv.Itoa(n.Episodes), csvText(n.Why))
	}
	return out
}

// AllFamilies names the headline's rows in the CSV's family column.
const AllFamilies = "all"

// csvGroups are the groups the CSV has rows of: the headline's (family
// AllFamilies), then the families'.
func (r Report) csvGroups() []Group {
	if r.Headline == nil {
		return r.Groups
	}
	return append(slices.Clone(r.Headline.Groups), r.Groups...)
}

// csvPaired are the paired differences the CSV has rows of: the
// headline's, then the families'.
func (r Report) csvPaired() []Paired {
	if r.Headline == nil {
		return r.Paired
	}
	return append(slices.Clone(r.Headline.Paired), r.Paired...)
}

// csvFamily is a row's family: AllFamilies for the headline's.
func csvFamily(f scenario.Family) string {
	if f == "" {
		return AllFamilies
	}
	return csvText(string(f))
}

// csvText makes a label read from a recording safe in a CSV cell, on
// one line (textsafe.CSVCell).
func csvText(s string) string { return textsafe.CSVCell(clean(s)) }

// writeGroupedCSV is WriteCSV for a report grouped by more than family
// and mode: the groups' rows, then the paired differences' (their
// episodes cell empty, n the pairs; a dimension or the mode on which the
// two sides differ reads "A - B").
func (r Report) writeGroupedCSV(w io.Writer) error {
	dims := splitDims(r.By)
	head := []string{"row", "family"}
	for _, d := range dims {
		head = append(head, string(d))
	}
	unmeasured := r.unmeasured()
	head = append(head, "mode", "episodes", "metric", "n", "mean", "ci95_lo", "ci95_hi")
	if unmeasured {
		head = append(head, "not_measured", "not_measured_why")
	}
	rows := [][]string{head}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	stat := func(s Stat) []string { return []string{strconv.Itoa(s.N), f(s.Mean), f(s.Lo), f(s.Hi)} }
	for _, g := range r.csvGroups() {
		for _, m := range Measures() {
			if !g.Has(m.Key) {
				continue
			}
			row := []string{"group", csvFamily(g.Family)}
			for _, d := range dims {
				row = append(row, csvText(g.Split.of(d)))
			}
			row = append(row, csvText(string(g.Mode)), strconv.Itoa(g.Episodes), m.Key)
			rows = append(rows, append(row, csvStat(g, m.Key, unmeasured)...))
		}
	}
	for _, p := range r.csvPaired() {
		row := []string{"paired", csvFamily(p.Family)}
		for _, d := range dims {
			v := csvText(p.FirstOf.of(d))
			if p.FirstOf.of(d) != p.SecondOf.of(d) {
				v = csvText(p.FirstOf.of(d) + " - " + p.SecondOf.of(d))
			}
			row = append(row, v)
		}
		mode := string(p.First)
		if p.First != p.Second {
			mode += " - " + string(p.Second)
		}
		row = append(row, csvText(mode), "", p.Key)
		row = append(row, stat(p.Stat)...)
		if unmeasured {
			row = append(row, "", "")
		}
		rows = append(rows, row)
	}
	cw := csv.NewWriter(w)
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}
