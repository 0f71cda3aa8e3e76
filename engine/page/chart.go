package page

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/report/slide"
	"github.com/omnigap/omnigap/engine/wrap"
)

// A study page draws the slide's panels (report.Chart) and the headline's
// paired differences its own way: a panel per measure, each bar a row
// across it, so a panel is as wide as the page's column and reads on a
// phone (a slide is drawn for a 1920-pixel screen). Sizes are in the
// SVG's units: a panel is chartWidth wide and scales to its column, its
// text about the page's on a phone.
const (
	chartWidth     = 360.0
	chartText      = 12.0
	chartLabel     = 112.0 // the bars' labels' column, when they have labels
	chartValue     = 52.0  // the figures' column, right of the plot
	chartRowHeight = 22.0  // a bar's row
	chartHead      = 18.0  // a group's name over its bars
	chartAxis      = 18.0  // the ticks' labels under the plot
	chartBar       = 12.0  // a bar's thickness
	chartMargin    = 6.0
)

// chart is one panel as the page draws it: its title, what it says in
// words (for a screen reader), and its SVG's parts, their coordinates
// written out (px).
type chart struct {
	Title, Says   string
	Width, Height string
	Ticks         []tick
	Names         []name
	Rows          []chartRow
}

// tick is a line across the plot at a round value, and the value under
// it.
type tick struct {
	X, Top, Bottom, TextY, Text string
	Zero                        bool
}

// name is a line of a group's name, over its bars.
type name struct{ X, Y, Text string }

// chartRow is one bar: its label, the bar from zero to the mean, the
// whisker of its interval (when it has one) and its figure.
type chartRow struct {
	Mode, Label, Value         string
	LabelX, ValueX, TextY      string
	X, Y, Width, Height        string
	Whisker                    bool
	Lo, Hi, Mid, CapTop, CapLo string
}

// chartChars is about how many characters of chartText fit across a
// panel: a group's longer name wraps at words to lines of at most so
// many.
const chartChars = 48 // (chartWidth - 2*chartMargin) / (0.6*chartText)

// chartOf lays a panel out for the page.
func chartOf(p report.Panel) chart {
	lo, hi, ticks := slide.Scale(p)
	c := chart{Title: clean(p.Title), Width: px(chartWidth)}
	// Without labels the plot starts far enough in for its first tick's
	// value, centred under it.
	left, right := 3*chartMargin, chartWidth-chartValue
	for _, g := range p.Groups {
		for _, b := range g.Bars {
			if b.Mode != "" {
				left = chartLabel
			}
		}
	}
	at := func(v float64) float64 {
		v = math.Max(lo, math.Min(hi, v))
		return left + (v-lo)/(hi-lo)*(right-left)
	}
	zero := at(math.Max(lo, 0))
	y := chartMargin
	var says []string
	for _, g := range p.Groups {
		var parts []string
		for _, line := range wrap.Lines(clean(g.Name), func(l string) bool { return utf8.RuneCountInString(l) <= chartChars }) {
			c.Names = append(c.Names, name{X: px(chartMargin), Y: px(y + chartText), Text: line})
			y += chartHead
		}
		for _, b := range g.Bars {
			r := chartRow{Mode: string(b.Mode), Value: clean(b.Text), LabelX: px(left - 6), ValueX: px(chartWidth - chartMargin),
				TextY: px(y + chartRowHeight/2 + chartText*0.35), Y: px(y + (chartRowHeight-chartBar)/2), Height: px(chartBar)}
			if b.Mode != "" {
				r.Label = b.Mode.Label()
			}
			end := at(b.Stat.Mean)
			r.X, r.Width = px(math.Min(zero, end)), px(math.Max(math.Abs(end-zero), 1.5))
			if b.Stat.N >= 2 && b.Stat.Hi > b.Stat.Lo {
				r.Whisker, r.Lo, r.Hi = true, px(at(b.Stat.Lo)), px(at(b.Stat.Hi))
				r.Mid, r.CapTop, r.CapLo = px(y+chartRowHeight/2), px(y+chartRowHeight/2-4), px(y+chartRowHeight/2+4)
			}
			mean, interval := b.Stat.Figures()
			if p.Difference {
				mean, interval = report.Paired{Stat: b.Stat}.Figures()
			}
			parts = append(parts, strings.TrimSpace(r.Label+" "+mean+" "+interval))
			c.Rows = append(c.Rows, r)
			y += chartRowHeight
		}
		says = append(says, strings.TrimPrefix(clean(g.Name)+": "+strings.Join(parts, ", "), ": "))
	}
	for _, t := range ticks {
		c.Ticks = append(c.Ticks, tick{X: px(at(t)), Top: px(chartMargin), Bottom: px(y), TextY: px(y + chartAxis - 4),
			Text: slide.TickText(t), Zero: t == 0})
	}
	c.Height = px(y + chartAxis + chartMargin)
	c.Says = c.Title + ". " + strings.Join(says, "; ")
	return c
}

// pairedPanels are the headline's paired differences as panels, one per
// measure: a bar per comparison of two modes (or two groups), centred on
// zero, drawn in no mode's colour.
func pairedPanels(h *report.Headline, by []report.Dim) []report.Panel {
	var out []report.Panel
	for _, key := range report.HeadlineKeys {
		var m report.Measure
		p := report.Panel{Difference: true}
		for _, pd := range h.Paired {
			if pd.Key != key {
				continue
			}
			if p.Groups == nil {
				m = measureOf(key)
				p.Measure, p.Title = m, m.Label+": paired difference"
			}
			mean, _ := pd.Figures()
			p.Groups = append(p.Groups, report.BarGroup{Name: strings.Join(pd.Heads(by), " · "),
				Bars: []report.Bar{{Stat: pd.Stat, Text: mean}}})
		}
		if len(p.Groups) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// measureOf is the report's measure of key.
func measureOf(key string) report.Measure {
	for _, m := range report.Measures() {
		if m.Key == key {
			return m
		}
	}
	return report.Measure{Key: key, Label: key}
}

// px prints an SVG length with one decimal at most.
func px(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0")
}
