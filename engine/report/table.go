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

// TableWidth is the most columns a table takes: a person reads it in an
// 80-column terminal. Columns that do not fit go to a further block below,
// with the row labels again.
const TableWidth = 80

// WriteTable prints one table per family: a row per measure, a column per
// mode, each cell "mean [95% CI]", then the paired differences.
func (r Report) WriteTable(w io.Writer) error {
	var b strings.Builder
	for i, f := range r.families() {
		if i > 0 {
			b.WriteByte('\n')
		}
		gs := r.of(f)
		ms := tableMeasures(gs)
		labels := make([]string, 0, len(ms)+1)
		for _, m := range ms {
			labels = append(labels, m.Label)
		}
		labels = append(labels, "failures")
		cols := make([]column, len(gs))
		for j, g := range gs {
			cols[j].head = clean(g.Mode.Label())
			for _, m := range ms {
				cols[j].cells = append(cols[j].cells, cell(g.Stats[m.Key], g.Stats, m.Key))
			}
			cols[j].cells = append(cols[j].cells, failureCell(g))
		}
		fmt.Fprintf(&b, "%s\n", familyTitle(f, gs))
		writeGrid(&b, labels, cols)
		r.writePaired(&b, f)
	}
	writeAgreement(&b, r.Agreement)
	_, err := io.WriteString(w, b.String())
	return err
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

// column is one column of a grid: its heading and a cell per row.
type column struct {
	head  string
	cells []string
}

// writeGrid prints rows of labels and cells, the columns two spaces apart,
// in as many blocks of columns as TableWidth needs.
func writeGrid(b *strings.Builder, labels []string, cols []column) {
	labelWidth := 0
	for _, l := range labels {
		labelWidth = max(labelWidth, len(l)+2)
	}
	widths := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = len(c.head)
		for _, s := range c.cells {
			widths[i] = max(widths[i], len(s))
		}
	}
	line := func(label string, parts []string, from int) {
		var row strings.Builder
		fmt.Fprintf(&row, "%-*s", labelWidth, label)
		for i, p := range parts {
			fmt.Fprintf(&row, "%-*s", widths[from+i]+2, p)
		}
		b.WriteString(strings.TrimRight(row.String(), " "))
		b.WriteByte('\n')
	}
	for from := 0; from < len(cols); {
		to, used := from+1, labelWidth+widths[from]
		for to < len(cols) && used+2+widths[to] <= TableWidth {
			used += 2 + widths[to]
			to++
		}
		heads := make([]string, 0, to-from)
		for _, c := range cols[from:to] {
			heads = append(heads, c.head)
		}
		line("", heads, from)
		for row, label := range labels {
			cells := make([]string, 0, to-from)
			for _, c := range cols[from:to] {
				cells = append(cells, c.cells[row])
			}
			line(label, cells, from)
		}
		from = to
	}
}

// writePaired prints a family's paired differences: a row per measure, a
// column per pair of modes.
func (r Report) writePaired(b *strings.Builder, f scenario.Family) {
	var ps []Paired
	for _, p := range r.Paired {
		if p.Family == f {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		return
	}
	type pair struct{ a, b string }
	var pairs []pair
	for _, p := range ps {
		c := pair{clean(p.First.Label()), clean(p.Second.Label())}
		if !slices.Contains(pairs, c) {
			pairs = append(pairs, c)
		}
	}
	cols := make([]column, len(pairs))
	for i, c := range pairs {
		cols[i].head = c.a + " - " + c.b
	}
	var labels []string
	for _, m := range Measures {
		row := make([]string, len(pairs))
		shown := false
		for i, c := range pairs {
			row[i] = "-"
			for _, p := range ps {
				if p.Key == m.Key && clean(p.First.Label()) == c.a && clean(p.Second.Label()) == c.b {
					row[i], shown = pairedCell(p), true
				}
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
	fmt.Fprintf(b, "paired differences on the same scenarios and seeds (up to %d %s),\nmean [95%% CI]\n", n, noun)
	writeGrid(b, labels, cols)
}

func pairedCell(p Paired) string {
	if p.N < 2 {
		return fmt.Sprintf("%s (n=1)", signed(p.Mean))
	}
	return fmt.Sprintf("%s [%s, %s]", signed(p.Mean), signed(p.Lo), signed(p.Hi))
}

// signed prints a difference with its sign.
func signed(v float64) string {
	if v >= 0 {
		return "+" + num(v)
	}
	return num(v)
}

func familyTitle(f scenario.Family, gs []Group) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = fmt.Sprintf("%s %d", clean(g.Mode.Label()), g.Episodes)
		if g.Ended < g.Episodes {
			parts[i] += fmt.Sprintf(" (%d unfinished)", g.Episodes-g.Ended)
		}
	}
	return fmt.Sprintf("%s: episodes %s", clean(string(f)), strings.Join(parts, ", "))
}

func cell(s Stat, stats map[string]Stat, key string) string {
	if _, ok := stats[key]; !ok {
		return "-"
	}
	return s.Text()
}

// Text is the stat as the table prints it: "mean [lo, hi]", or
// "mean (n=1)" without an interval.
func (s Stat) Text() string {
	if s.N < 2 {
		return fmt.Sprintf("%s (n=1)", num(s.Mean))
	}
	return fmt.Sprintf("%s [%s, %s]", num(s.Mean), num(s.Lo), num(s.Hi))
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
