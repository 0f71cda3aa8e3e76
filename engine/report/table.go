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
		split := len(r.By) > 0
		if split {
			// The title cannot name columns that several headings make:
			// each column's episodes are a row of their own.
			labels = append([]string{"episodes"}, labels...)
		}
		for j, g := range gs {
			cols[j].heads = heads(r.By, g.Split, g.Mode)
			if split {
				cols[j].cells = append(cols[j].cells, episodesCell(g))
			}
			for _, m := range ms {
				cols[j].cells = append(cols[j].cells, cell(g.Stats[m.Key], g.Stats, m.Key))
			}
			cols[j].cells = append(cols[j].cells, failureCell(g))
		}
		title := familyTitle(f, gs)
		if split {
			title = fmt.Sprintf("%s: episodes by %s", clean(string(f)), byText(r.By))
		}
		fmt.Fprintf(&b, "%s\n", title)
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

// column is one column of a grid: its headings (one line each: a value
// per dimension of a grouped report, outermost first) and a cell per row.
type column struct {
	heads []string
	cells []string
}

// writeGrid prints rows of labels and cells, the columns two spaces apart,
// in as many blocks of columns as TableWidth needs. A heading that repeats
// the one before it (as do the ones above it) is left blank, so a group
// of columns reads as one heading over them.
func writeGrid(b *strings.Builder, labels []string, cols []column) {
	labelWidth := 0
	for _, l := range labels {
		labelWidth = max(labelWidth, len(l)+2)
	}
	widths := make([]int, len(cols))
	levels := 0
	for i, c := range cols {
		levels = max(levels, len(c.heads))
		for _, h := range c.heads {
			widths[i] = max(widths[i], len(h))
		}
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
		for level := range levels {
			line("", headLine(cols[from:to], level), from)
		}
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

// headLine is one line of a block's headings: a column's heading at
// level, blank where it and the ones above it repeat the column before.
func headLine(cols []column, level int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		if level >= len(c.heads) {
			continue
		}
		repeats := i > 0 && level < len(cols[i-1].heads) && level < len(c.heads)-1
		for l := 0; repeats && l <= level; l++ {
			repeats = cols[i-1].heads[l] == c.heads[l]
		}
		if !repeats {
			out[i] = c.heads[level]
		}
	}
	return out
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
	var cols []column
	index := map[string]int{}
	for _, p := range ps {
		h := pairHeads(r.By, p)
		k := strings.Join(h, "\x00")
		if _, ok := index[k]; !ok {
			index[k] = len(cols)
			cols = append(cols, column{heads: h})
		}
	}
	var labels []string
	for _, m := range Measures {
		row := make([]string, len(cols))
		shown := false
		for i := range row {
			row[i] = "-"
		}
		for _, p := range ps {
			if p.Key == m.Key {
				row[index[strings.Join(pairHeads(r.By, p), "\x00")]], shown = pairedCell(p), true
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
