package people

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// maxCardRuns is the most rated runs the card's section shows.
const maxCardRuns = 12

// maxQuoted is the most of a reason or a reasoning the card quotes.
const maxQuoted = 600

// WriteCard writes the simulation card's section on the runs of recs
// that people rated (omnigap card --ratings, the app's card), as
// Markdown: each seat's scores, a table of the seven dimensions with a
// column per automated scorer and per rater, then what each said. At
// most maxCardRuns runs are shown; nothing when none was rated (or s is
// nil).
func (s *Study) WriteCard(w io.Writer, recs []*record.Recording) error {
	var rated []*record.Recording
	for _, r := range recs {
		if s.Episode(r.Path) != nil {
			rated = append(rated, r)
		}
	}
	if len(rated) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("\n## People beside the judge\n\nEach rated seat's scores on Sotopia's seven dimensions: the automated scorers' (an evaluator's imported with the episode, omnigap's judge, the rules'), then each rater's, raters named as their file names them; what each said follows its table.\n")
	for i, r := range rated {
		if i == maxCardRuns {
			fmt.Fprintf(&b, "\n%d more rated runs; `omnigap report --ratings` gives the figures over all of them.\n", len(rated)-maxCardRuns)
			break
		}
		for seat, st := range s.Episode(r.Path).Seats {
			WriteSeat(&b, fmt.Sprintf("%s `%s`", report.Column(r.Header).Label(), markdownCell(filepath.Base(r.Path))), seat, st)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSeat writes one seat's scores as Markdown under a heading that
// starts with run: a table of the seven dimensions with a column per
// automated scorer and per rater, then what each said for its score
// (the card, and the replay's scores panel).
func WriteSeat(b *strings.Builder, run string, seat int, st Seat) {
	who := fmt.Sprintf("seat %d", seat)
	if st.Agent > 0 {
		who += fmt.Sprintf(", agent %d of the source", st.Agent)
	}
	fmt.Fprintf(b, "\n### %s: %s (%s, played by %s)\n\n", run, textsafe.Line(st.Name), who, textsafe.Line(st.Model))
	sh := st.Sheet()
	b.WriteString("| dimension |")
	for _, c := range sh.Columns {
		b.WriteString(" " + markdownCell(c.Name) + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(sh.Columns)) + "\n")
	var said []string
	for _, row := range sh.Rows {
		d := row.Dimension
		fmt.Fprintf(b, "| %s (%g..%g) |", dimensionLabel(d.Key), d.Min, d.Max)
		var why []string
		for i, entries := range row.Cells {
			var scores []string
			for _, e := range entries {
				scores = append(scores, strconv.FormatFloat(e.Score, 'g', -1, 64))
				if e.Why != "" {
					why = append(why, fmt.Sprintf("%s: %q", textsafe.Line(sh.Columns[i].Name), quoted(e.Why)))
				}
			}
			if len(scores) == 0 {
				scores = []string{"–"}
			}
			b.WriteString(" " + strings.Join(scores, ", ") + " |")
		}
		b.WriteString("\n")
		if len(why) > 0 {
			said = append(said, fmt.Sprintf("- **%s**: %s", dimensionLabel(d.Key), strings.Join(why, "; ")))
		}
	}
	if len(said) > 0 {
		b.WriteString("\n" + strings.Join(said, "\n") + "\n")
	}
}

// markdownCell is text in a Markdown table's cell: on one line, its bars escaped.
func markdownCell(s string) string { return strings.ReplaceAll(textsafe.Line(s), "|", `\|`) }

// quoted is a reason as the card quotes it: on one line, cut at
// maxQuoted characters.
func quoted(s string) string {
	r := []rune(textsafe.Line(s))
	if len(r) <= maxQuoted {
		return string(r)
	}
	return string(r[:maxQuoted]) + "…"
}
