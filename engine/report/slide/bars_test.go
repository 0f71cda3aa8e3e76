package slide

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Every bar of the chart is drawn, in its panel's order, and within a
// panel the bars' heights are in proportion to their means.
func TestBarsAreDrawnInProportion(t *testing.T) {
	c := report.Aggregate(slideEpisodes()).Chart()
	var b bytes.Buffer
	if err := WriteSVG(&b, c); err != nil {
		t.Fatal(err)
	}
	doc := readSVG(t, b.Bytes())
	next := map[view.Mode]int{}
	for _, p := range c.Panels {
		perUnit := math.NaN()
		for _, g := range p.Groups {
			for _, bar := range g.Bars {
				drawn := doc.of("bar", bar.Mode)
				i := next[bar.Mode]
				next[bar.Mode]++
				if i >= len(drawn) {
					t.Fatalf("%s: %s has %d bars drawn, the chart more", p.Title, bar.Mode, len(drawn))
				}
				if bar.Stat.Mean <= 0 || drawn[i].h <= minBarHeight {
					continue
				}
				ratio := drawn[i].h / bar.Stat.Mean
				if math.IsNaN(perUnit) {
					perUnit = ratio
				} else if math.Abs(ratio-perUnit) > 0.01*perUnit {
					t.Errorf("%s: %s's bar is %.1f high for %.2f, %.2f a unit, others %.2f", p.Title, bar.Mode, drawn[i].h, bar.Stat.Mean, ratio, perUnit)
				}
			}
		}
	}
	for mode, n := range next {
		if got := len(doc.of("bar", mode)); got != n {
			t.Errorf("%s: %d bars drawn, %d in the chart", mode, got, n)
		}
	}
}

// Labels from recordings stay text on the slide: no control character,
// no markup, and the name shown as written.
func TestHostileLabelsStayText(t *testing.T) {
	hostile := scenario.Family("=HYPERLINK(\"x\")</text><script>alert(1)</script>&\x1b]52;c;Zm9v\x07\x1b[2J\u202e\u009b")
	eps := slideEpisodes()
	for i := range eps {
		if i%2 == 0 {
			eps[i].Family = hostile
		}
	}
	var b bytes.Buffer
	if err := WriteSVG(&b, report.Aggregate(eps).Chart()); err != nil {
		t.Fatal(err)
	}
	for _, c := range b.String() {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c < 0xa0 || c == '\u202e' {
			t.Fatalf("the SVG holds control character %U", c)
		}
	}
	doc := readSVG(t, b.Bytes())
	if slices.Contains(doc.tags, "script") {
		t.Errorf("a label became markup: %v", doc.tags)
	}
	if !slices.ContainsFunc(doc.strings(), func(s string) bool { return strings.Contains(s, "</text><script>alert(1)</script>&") }) {
		t.Errorf("the family's name is not shown as text: %q", doc.strings())
	}
}
