package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// TableWidth is the width a table is laid out to when the terminal's is
// not known (output to a file or a pipe): an 80-column terminal's.
const TableWidth = 80

// WriteTable prints the headline first (every family pooled, the
// measures every family has, and their paired differences), then one
// table per family: a row per measure, a column per mode, each cell
// "mean [95% CI]", then the paired differences. Tables are laid out to
// width columns (writeGrid); how the rules and a model's leak check agree
// follows them.
func (r Report) WriteTable(w io.Writer, width int) error {
	var b strings.Builder
	r.writeHeadline(&b, width)
	for _, f := range r.Families() {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		gs := r.Of(f)
		ms := tableMeasures(gs)
		title := familyTitle(f, gs)
		if len(r.By) > 0 {
			title = fmt.Sprintf("%s: episodes by %s", clean(string(f)), byText(r.By))
		}
		r.writeGroups(&b, title, gs, ms, true, width)
		r.writePaired(&b, f, width)
	}
	writeAgreement(&b, r.Agreement)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeGroups prints a title and a table of groups: a row per measure
// (after an episodes row in a grouped report, whose title cannot name
// every column's episodes), and the failures when asked.
func (r Report) writeGroups(b *strings.Builder, title string, gs []Group, ms []Measure, failures bool, width int) {
	labels := make([]string, 0, len(ms)+2)
	split := len(r.By) > 0
	if split {
		labels = append(labels, "episodes")
	}
	for _, m := range ms {
		labels = append(labels, m.Label)
	}
	if failures {
		labels = append(labels, "failures")
	}
	cols := make([]column, len(gs))
	for j, g := range gs {
		cols[j].heads = heads(r.By, g.Split, g.Mode)
		if split {
			cols[j].cells = append(cols[j].cells, cellText{main: episodesCell(g)})
		}
		for _, m := range ms {
			cols[j].cells = append(cols[j].cells, cell(g, m.Key))
		}
		if failures {
			cols[j].cells = append(cols[j].cells, cellText{main: failureCell(g)})
		}
	}
	writeWrapped(b, title, width)
	writeGrid(b, labels, cols, width)
	if note := notMeasuredNote(gs, ms, false); note != "" {
		writeWrapped(b, "("+note+")", width)
	}
}

// notMeasuredNote says why the groups' rules could not measure a row:
// "not measured: the dealornodeal rule cannot read the outcome from free
// text", where the cells say "not measured" (with name, naming the rows
// too, for where no cell does); a row measured in some episodes but not
// in others is named, with how many were not. "" when every row was
// measured.
func notMeasuredNote(gs []Group, ms []Measure, name bool) string {
	var whys []string
	rows := map[string][]string{}
	for _, m := range ms {
		unmeasured := map[string]int{}
		var order []string
		measured := false
		for _, g := range gs {
			_, has := g.Stats[m.Key]
			measured = measured || has
			if n, ok := g.NotMeasured[m.Key]; ok {
				if _, seen := unmeasured[n.Why]; !seen {
					order = append(order, n.Why)
				}
				unmeasured[n.Why] += n.Episodes
			}
		}
		for _, why := range order {
			if _, ok := rows[why]; !ok {
				whys = append(whys, why)
				rows[why] = nil
			}
			switch {
			case measured:
				rows[why] = append(rows[why], fmt.Sprintf("%s in %d episodes", m.Label, unmeasured[why]))
			case name:
				rows[why] = append(rows[why], m.Label)
			}
		}
	}
	if len(whys) == 0 {
		return ""
	}
	parts := make([]string, len(whys))
	for i, why := range whys {
		parts[i] = clean(why)
		if labels := rows[why]; len(labels) > 0 {
			parts[i] = strings.Join(labels, ", ") + ": " + parts[i]
		}
	}
	return "not measured: " + strings.Join(parts, "; ")
}

// tableMeasures are the measures a family's table shows: those with data,
// less the messages and words per message when every dialogue's messages
// are its turns (each turn said something), where they repeat the turns
// and words per turn.
func tableMeasures(gs []Group) []Measure {
	ms := measuresOf(gs)
	for _, g := range gs {
		if g.Stats[metrics.Messages] != g.Stats[metrics.Turns] {
			return ms
		}
	}
	return slices.DeleteFunc(ms, func(m Measure) bool { return m.Key == metrics.Messages || m.Den == metrics.Messages })
}

// writePaired prints a family's paired differences: a row per measure, a
// column per pair of modes.
func (r Report) writePaired(b *strings.Builder, f scenario.Family, width int) {
	var ps []Paired
	for _, p := range r.Paired {
		if p.Family == f {
			ps = append(ps, p)
		}
	}
	writePairedTable(b, r.By, ps, width)
}

// writePairedTable prints paired differences: a row per measure, a
// column per pair of modes (or of groups).
func writePairedTable(b *strings.Builder, by []Dim, ps []Paired, width int) {
	if len(ps) == 0 {
		return
	}
	var cols []column
	index := map[string]int{}
	for _, p := range ps {
		h := pairHeads(by, p)
		k := strings.Join(h, "\x00")
		if _, ok := index[k]; !ok {
			index[k] = len(cols)
			cols = append(cols, column{heads: h})
		}
	}
	var labels []string
	for _, m := range Measures() {
		row := make([]cellText, len(cols))
		shown := false
		for i := range row {
			row[i] = cellText{main: "-"}
		}
		for _, p := range ps {
			if p.Key == m.Key {
				row[index[strings.Join(pairHeads(by, p), "\x00")]], shown = pairedCell(p), true
			}
		}
		if !shown {
			continue
		}
		labels = append(labels, m.Label)
		for i := range cols {
			cols[i].cells = append(cols[i].cells, row[i])
		}
	}
	n := 0
	for _, p := range ps {
		n = max(n, p.N)
	}
	noun := "pairs"
	if n == 1 {
		noun = "pair"
	}
	writeWrapped(b, fmt.Sprintf("paired differences, same scenarios and seeds (up to %d %s): mean [95%% CI]", n, noun), width)
	writeGrid(b, labels, cols, width)
}

// writeWrapped prints a line of text wrapped to width.
func writeWrapped(b *strings.Builder, s string, width int) {
	b.WriteString(wrapWords(s, width))
	b.WriteByte('\n')
}

// pairHeads are the headings of a paired difference's column: "A - B"
// for the two modes, or in a grouped report a value per dimension, with
// "A - B" where the two sides differ.
func pairHeads(by []Dim, p Paired) []string {
	if len(by) == 0 {
		return []string{clean(p.First.Label()) + " - " + clean(p.Second.Label())}
	}
	out := make([]string, len(by))
	for i, d := range by {
		switch {
		case d == ByMode && p.First != p.Second:
			out[i] = clean(p.First.Label()) + " - " + clean(p.Second.Label())
		case d == ByMode:
			out[i] = clean(p.First.Label())
		case p.FirstOf.of(d) != p.SecondOf.of(d):
			out[i] = orNone(clean(p.FirstOf.of(d))) + " - " + orNone(clean(p.SecondOf.of(d)))
		default:
			out[i] = orNone(clean(p.FirstOf.of(d)))
		}
	}
	return out
}

// Figures are the paired difference as a table prints it: the mean,
// signed, and its interval, "[lo, hi]" signed, or "(n=1)".
func (p Paired) Figures() (mean, interval string) {
	c := pairedCell(p)
	return c.main, c.detail
}

// Heads are the headings of the paired difference's column in a table
// of a report grouped by by (pairHeads).
func (p Paired) Heads(by []Dim) []string { return pairHeads(by, p) }

func pairedCell(p Paired) cellText {
	if p.N < 2 {
		return cellText{signed(p.Mean), "(n=1)"}
	}
	return cellText{signed(p.Mean), fmt.Sprintf("[%s, %s]", signed(p.Lo), signed(p.Hi))}
}

// signed prints a difference with its sign.
func signed(v float64) string {
	if v >= 0 {
		return "+" + num(v)
	}
	return num(v)
}

// episodesCell is a group's episodes, and how many did not finish.
func episodesCell(g Group) string {
	if g.Ended < g.Episodes {
		return fmt.Sprintf("%d (%d unfinished)", g.Episodes, g.Episodes-g.Ended)
	}
	return fmt.Sprint(g.Episodes)
}

// byText names a grouping for a title: "model, mode".
func byText(by []Dim) string {
	parts := make([]string, len(by))
	for i, d := range by {
		parts[i] = string(d)
	}
	return strings.Join(parts, ", ")
}

func familyTitle(f scenario.Family, gs []Group) string {
	return fmt.Sprintf("%s: episodes %s", clean(string(f)), episodesText(gs))
}

// cell is a group's figure of one measure: "not measured" where its
// rule had nothing to read in any episode (the table's note says why),
// "-" where it has none otherwise. A figure some episodes could not
// give (unread, or a scorer's where it scored only some: an imported
// evaluator's on the episodes that carried its scores) says over how
// many it is: "(n=40)".
func cell(g Group, key string) cellText {
	s, ok := g.Stats[key]
	n, unmeasured := g.NotMeasured[key]
	switch {
	case !ok && unmeasured:
		return cellText{main: "not measured"}
	case !ok:
		return cellText{main: "-"}
	case s.N >= 2 && (unmeasured && n.Episodes > 0 || metrics.Scored(key) && s.N < g.Episodes):
		c := s.cell()
		c.detail += fmt.Sprintf(" (n=%d)", s.N)
		return c
	}
	return s.cell()
}

// Text is the stat as the table prints it: "mean [lo, hi]", or
// "mean (n=1)" without an interval.
func (s Stat) Text() string { return s.cell().String() }

// Figures are the stat as a table prints it: the mean, and "[lo, hi]"
// or "(n=1)".
func (s Stat) Figures() (mean, interval string) {
	c := s.cell()
	return c.main, c.detail
}

// cell is the stat as a table cell: the mean, then "[lo, hi]" or "(n=1)".
func (s Stat) cell() cellText {
	if s.N < 2 {
		return cellText{num(s.Mean), "(n=1)"}
	}
	return cellText{num(s.Mean), fmt.Sprintf("[%s, %s]", num(s.Lo), num(s.Hi))}
}

// num prints a figure with two decimals, or one from 10 up: three
// figures, so that three modes fit in 80 columns.
func num(v float64) string {
	if v >= 10 || v <= -10 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// clean makes a label read from a recording safe for a terminal and keeps
// it on one line.
func clean(s string) string {
	return strings.ReplaceAll(textsafe.Clean(s), "\n", " ")
}
