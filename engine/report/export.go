package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// WriteJSON writes the report as indented JSON, control characters in
// labels escaped (textsafe.EscapeJSON).
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(textsafe.JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteCSV writes one row per family, mode and measure.
func (r Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	rows := [][]string{{"family", "mode", "episodes", "metric", "n", "mean", "ci95_lo", "ci95_hi"}}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	for _, g := range r.Groups {
		for _, m := range Measures {
			s, ok := g.Stats[m.Key]
			if !ok {
				continue
			}
			rows = append(rows, []string{csvText(string(g.Family)), csvText(string(g.Mode)), strconv.Itoa(g.Episodes), m.Key,
				strconv.Itoa(s.N), f(s.Mean), f(s.Lo), f(s.Hi)})
		}
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

// csvText makes a label read from a recording safe in a CSV cell: no
// control characters, and a leading =, +, - or @ is preceded by ' so that
// a spreadsheet shows the label instead of running it as a formula.
func csvText(s string) string {
	s = clean(s)
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}
