package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
)

// Charted are the measures drawn as bar charts, as in the paper's
// figures: goal completion (by rule and by judge), deal and success
// rates, first mention, leaks, mind-reads, guesses and disclosures, and
// words per turn.
var Charted = []string{metrics.GoalCompletion, JudgeGoal, metrics.Deal, metrics.Success, metrics.FirstMentionPos, metrics.Leaks, metrics.MindReads, metrics.Guesses,
	metrics.Disclosures, metrics.WordsPerTurn}

// barWidth is the length of a full bar in cells.
const barWidth = 40

// WriteBars prints one horizontal bar chart per charted measure and
// family, one bar per mode, drawn with eighth-block characters.
func (r Report) WriteBars(w io.Writer) error {
	var b strings.Builder
	for _, f := range r.Families() {
		gs := r.Of(f)
		for _, m := range measuresOf(gs) {
			if !isCharted(m.Key) {
				continue
			}
			top := m.Max
			if top == 0 {
				for _, g := range gs {
					top = math.Max(top, g.Stats[m.Key].Mean)
				}
			}
			fmt.Fprintf(&b, "\n%s: %s\n", clean(string(f)), m.Label)
			width := 12
			for _, g := range gs {
				width = max(width, len(barLabel(r.By, g)))
			}
			for _, g := range gs {
				s, ok := g.Stats[m.Key]
				if !ok {
					continue
				}
				fmt.Fprintf(&b, "  %-*s %s %s\n", width, barLabel(r.By, g), bar(s.Mean, top), num(s.Mean))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// barLabel names a group's bar: its mode, after its other headings in a
// grouped report.
func barLabel(by []Dim, g Group) string {
	return strings.Join(heads(by, g.Split, g.Mode), " ")
}

func isCharted(key string) bool {
	for _, k := range Charted {
		if k == key {
			return true
		}
	}
	return false
}

// bar draws v on a scale of 0..top as barWidth cells, padded so the
// figures after the bars line up.
func bar(v, top float64) string {
	eighths := 0
	if top > 0 && v > 0 {
		eighths = int(math.Round(math.Min(v/top, 1) * barWidth * 8))
	}
	full, part := eighths/8, eighths%8
	s := strings.Repeat("█", full)
	cells := full
	if part > 0 {
		s += string(rune('█' + 8 - part)) // ▉ ▊ ▋ ▌ ▍ ▎ ▏ are U+2589..U+258F
		cells++
	}
	return s + strings.Repeat(" ", barWidth-cells)
}
