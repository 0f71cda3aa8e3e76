package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// WriteTable prints one block per family: a row per measure, a column per
// mode, each cell "mean [95% CI]".
func (r Report) WriteTable(w io.Writer) error {
	var b strings.Builder
	for i, f := range r.families() {
		if i > 0 {
			b.WriteByte('\n')
		}
		gs := r.of(f)
		ms := measuresOf(gs)
		// Columns are as wide as their widest entry plus two spaces.
		labelWidth, cellWidth := 0, 0
		for _, g := range gs {
			cellWidth = max(cellWidth, len(failureCell(g))+2)
		}
		for _, m := range ms {
			labelWidth = max(labelWidth, len(m.Label)+2)
			for _, g := range gs {
				cellWidth = max(cellWidth, len(cell(g.Stats[m.Key], g.Stats, m.Key))+2)
			}
		}
		fmt.Fprintf(&b, "%s\n", familyTitle(f, gs))
		fmt.Fprintf(&b, "%-*s", labelWidth, "")
		for _, g := range gs {
			fmt.Fprintf(&b, "%-*s", cellWidth, clean(g.Mode.Label()))
		}
		b.WriteByte('\n')
		for _, m := range ms {
			fmt.Fprintf(&b, "%-*s", labelWidth, m.Label)
			for _, g := range gs {
				fmt.Fprintf(&b, "%-*s", cellWidth, cell(g.Stats[m.Key], g.Stats, m.Key))
			}
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%-*s", labelWidth, "failures")
		for _, g := range gs {
			fmt.Fprintf(&b, "%-*s", cellWidth, failureCell(g))
		}
		b.WriteByte('\n')
		r.writePaired(&b, f, labelWidth)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writePaired prints a family's paired differences: a row per measure, a
// column per pair of modes.
func (r Report) writePaired(b *strings.Builder, f scenario.Family, labelWidth int) {
	var ps []Paired
	for _, p := range r.Paired {
		if p.Family == f {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		return
	}
	type col struct{ a, b string }
	var cols []col
	cellWidth := 0
	for _, p := range ps {
		c := col{clean(p.First.Label()), clean(p.Second.Label())}
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
		cellWidth = max(cellWidth, len(c.a)+len(c.b)+5, len(pairedCell(p))+2)
	}
	n := 0
	for _, p := range ps {
		n = max(n, p.N)
	}
	pairs := "pairs"
	if n == 1 {
		pairs = "pair"
	}
	fmt.Fprintf(b, "paired differences on the same scenarios and seeds (up to %d %s), mean [95%% CI]\n", n, pairs)
	fmt.Fprintf(b, "%-*s", labelWidth, "")
	for _, c := range cols {
		fmt.Fprintf(b, "%-*s", cellWidth, c.a+" - "+c.b)
	}
	b.WriteByte('\n')
	for _, m := range Measures {
		var row []string
		for _, c := range cols {
			cell := "-"
			for _, p := range ps {
				if p.Key == m.Key && clean(p.First.Label()) == c.a && clean(p.Second.Label()) == c.b {
					cell = pairedCell(p)
				}
			}
			row = append(row, cell)
		}
		if slices.IndexFunc(row, func(s string) bool { return s != "-" }) < 0 {
			continue
		}
		fmt.Fprintf(b, "%-*s", labelWidth, m.Label)
		for _, cell := range row {
			fmt.Fprintf(b, "%-*s", cellWidth, cell)
		}
		b.WriteByte('\n')
	}
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
	if s.N < 2 {
		return fmt.Sprintf("%s (n=1)", num(s.Mean))
	}
	return fmt.Sprintf("%s [%s, %s]", num(s.Mean), num(s.Lo), num(s.Hi))
}

// num prints a figure with two decimals, or one from 100 up.
func num(v float64) string {
	if v >= 100 || v <= -100 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// clean makes a label read from a recording safe for a terminal and keeps
// it on one line.
func clean(s string) string {
	return strings.ReplaceAll(textsafe.Clean(s), "\n", " ")
}
