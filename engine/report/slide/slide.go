package slide

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// The slide's sizes, in the SVG's pixels: a slide is at most a 1080p
// screen's size (maxSlideWidth by maxSlideHeight), its text at least 20
// pixels high, readable from the back of a room. Panels that cannot all
// fit lose height first (plotHeight down to minPlotHeight), then the
// last ones their place (the slide's notes name them); a single panel
// wider than the slide widens it, and the PNG is drawn smaller.
const (
	slideMargin    = 32.0
	titleSize      = 38.0
	subtitleSize   = 24.0
	legendSize     = 24.0
	panelTitleSize = 26.0
	tickSize       = 20.0
	groupSize      = 22.0
	valueSize      = 20.0
	noteSize       = 20.0
	plotHeight     = 300.0
	minPlotHeight  = 100.0
	plotStep       = 20.0
	panelGap       = 56.0  // between panels side by side
	rowGap         = 40.0  // between rows of panels
	singleBarGap   = 24.0  // between groups of one bar
	shortName      = 160.0 // a group's name at most this wide is not wrapped
	minPanelWidth  = 360.0
	minSlideWidth  = 960.0
	maxSlideWidth  = 1920.0
	maxSlideHeight = 1080.0
	lineSpacing    = 1.3
	minBarHeight   = 4.0
)

// slideSizes are every text size of a slide, for its typeset.
var slideSizes = []float64{titleSize, subtitleSize, legendSize, panelTitleSize, tickSize, groupSize, valueSize, noteSize}

var (
	ink        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	mutedInk   = color.RGBA{0x55, 0x55, 0x55, 0xff}
	gridInk    = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	axisInk    = color.RGBA{0x88, 0x88, 0x88, 0xff}
	whiskerInk = color.RGBA{0x22, 0x22, 0x22, 0xff}
)

// WriteSVG draws a report's chart as a slide: the title, the episodes per
// mode and what the whiskers are, a legend of the modes' colours above
// the panels, and the panels in a grid shaped toward a 16:9 slide.
func WriteSVG(w io.Writer, c report.Chart) error {
	sc, _, err := layout(c)
	if err != nil {
		return err
	}
	return sc.writeSVG(w)
}

// WritePNG draws the slide of WriteSVG as a PNG, from the same scene.
func WritePNG(w io.Writer, c report.Chart) error {
	sc, ts, err := layout(c)
	if err != nil {
		return err
	}
	return sc.writePNG(w, ts)
}

// layout lays a chart out as a scene: the panels in rows (rowsFor), as
// tall as the slide's height leaves them, the notes under them.
func layout(c report.Chart) (*scene, *typeset, error) {
	if len(c.Panels) == 0 && len(c.Notes) == 0 {
		return nil, nil, fmt.Errorf("nothing to draw: no episode has a charted metric")
	}
	ts, err := newTypeset(slideSizes...)
	if err != nil {
		return nil, nil, err
	}
	var sc *scene
	for shown := len(c.Panels); ; shown-- {
		notes := c.Notes
		if left := c.Panels[shown:]; len(left) > 0 {
			titles := make([]string, len(left))
			for i, p := range left {
				titles[i] = p.Title
			}
			notes = append(slices.Clone(notes), "not drawn for room (the report's tables hold them): "+strings.Join(titles, "; "))
		}
		for plot := plotHeight; plot >= minPlotHeight; plot -= plotStep {
			sc = arrange(ts, c, c.Panels[:shown], notes, plot)
			if sc.height <= maxSlideHeight {
				return sc, ts, nil
			}
		}
		if shown <= 1 {
			return sc, ts, nil
		}
	}
}

// arrange draws the header, the panels with plots plot high in rows no
// wider than the slide (rowsFor), each row centred, and the notes.
func arrange(ts *typeset, c report.Chart, panels []report.Panel, notes []string, plot float64) *scene {
	layouts := make([]panelLayout, len(panels))
	for i, p := range panels {
		layouts[i] = layoutPanel(ts, p, plot)
	}
	rows := rowsFor(layouts, maxSlideWidth-2*slideMargin)
	widest := 0.0
	for _, in := range rows {
		widest = max(widest, rowWidth(in))
	}
	sc := &scene{width: max(minSlideWidth, widest+2*slideMargin)}
	y := header(sc, ts, c)
	for _, in := range rows {
		// A row narrower than the widest stands in the middle.
		x := (sc.width - rowWidth(in)) / 2
		var titleLines, groupLines int
		for _, l := range in {
			titleLines = max(titleLines, len(l.title))
			groupLines = max(groupLines, l.groupLines)
		}
		var height float64
		for _, l := range in {
			height = max(height, l.draw(sc, ts, x, y, l.width, titleLines, groupLines))
			x += l.width + panelGap
		}
		y += height + rowGap
	}
	if len(rows) > 0 {
		y -= rowGap
	}
	for _, n := range notes {
		for _, line := range ts.wrap(textsafe.Line(n), noteSize, false, sc.width-2*slideMargin) {
			y += noteSize*lineSpacing - ts.descent(noteSize, false)
			sc.labels = append(sc.labels, label{x: slideMargin, y: y, text: line, size: noteSize, fill: mutedInk, role: "note"})
			y += ts.descent(noteSize, false)
		}
	}
	sc.height = y + slideMargin
	return sc
}

// rowWidth is how wide a row of panels is.
func rowWidth(in []panelLayout) float64 {
	w := float64(len(in)-1) * panelGap
	for _, l := range in {
		w += l.width
	}
	return w
}

// rowsFor shares panels out, in order, over as few rows as hold them no
// wider than limit (a panel wider than it alone on a row); of those
// sharings, the one whose widest row is narrowest, then whose narrowest
// row is widest, then whose first rows hold most: rows of about equal
// width, fuller ones first, so a panel stands alone beside fuller rows
// only when it must.
func rowsFor[T interface{ widthOf() float64 }](panels []T, limit float64) [][]T {
	rowOf := func(in []T) float64 {
		w := -panelGap
		for _, p := range in {
			w += p.widthOf() + panelGap
		}
		return w
	}
	// The fewest rows: as many panels on each as fit, in order.
	fewest := 0
	for at := 0; at < len(panels); fewest++ {
		n := 1
		for at+n < len(panels) && rowOf(panels[at:at+n+1]) <= limit {
			n++
		}
		at += n
	}
	var best [][]T
	better := func(rows [][]T) bool {
		if best == nil {
			return true
		}
		wide := func(rs [][]T) (widest, narrowest float64) {
			narrowest = math.Inf(1)
			for _, r := range rs {
				widest, narrowest = max(widest, rowOf(r)), min(narrowest, rowOf(r))
			}
			return widest, narrowest
		}
		w1, n1 := wide(rows)
		w0, n0 := wide(best)
		if w1 != w0 {
			return w1 < w0
		}
		if n1 != n0 {
			return n1 > n0
		}
		for i := range rows {
			if len(rows[i]) != len(best[i]) {
				return len(rows[i]) > len(best[i])
			}
		}
		return false
	}
	var share func(at int, rows [][]T)
	share = func(at int, rows [][]T) {
		if at == len(panels) {
			if better(rows) {
				best = slices.Clone(rows)
			}
			return
		}
		if len(rows) == fewest {
			return
		}
		for n := 1; at+n <= len(panels); n++ {
			if n > 1 && rowOf(panels[at:at+n]) > limit {
				break
			}
			share(at+n, append(rows, panels[at:at+n]))
		}
	}
	share(0, nil)
	return best
}

// header draws the title, the subtitle and the legend, and returns where
// the panels start.
func header(sc *scene, ts *typeset, c report.Chart) float64 {
	text := sc.width - 2*slideMargin
	y := slideMargin
	for _, line := range ts.wrap(c.Title, titleSize, true, text) {
		y += ts.ascent(titleSize, true)
		sc.labels = append(sc.labels, label{x: slideMargin, y: y, text: line, size: titleSize, bold: true, fill: ink, role: "title"})
		y += titleSize*lineSpacing - ts.ascent(titleSize, true)
	}
	y += 4
	for _, line := range ts.wrap(c.Subtitle, subtitleSize, false, text) {
		y += ts.ascent(subtitleSize, false)
		sc.labels = append(sc.labels, label{x: slideMargin, y: y, text: line, size: subtitleSize, fill: mutedInk, role: "subtitle"})
		y += subtitleSize*lineSpacing - ts.ascent(subtitleSize, false)
	}
	y += 10
	// The legend: a swatch and a name per mode, on as many rows as the
	// width needs, above every panel.
	x := slideMargin
	swatch := legendSize
	rowHeight := legendSize * 1.6
	for _, m := range c.Modes {
		name := textsafe.Line(m.Label())
		w := swatch + 10 + ts.width(name, legendSize, false)
		if x > slideMargin && x+w > sc.width-slideMargin {
			x, y = slideMargin, y+rowHeight
		}
		sc.boxes = append(sc.boxes, box{x: x, y: y, w: swatch, h: swatch, fill: palette.RGBA(palette.Mode(m).Light), role: "swatch", mode: m})
		sc.labels = append(sc.labels, label{x: x + swatch + 10, y: y + swatch/2 + (ts.ascent(legendSize, false)-ts.descent(legendSize, false))/2,
			text: name, size: legendSize, fill: ink, role: "legend"})
		x += w + 36
	}
	return y + rowHeight + 12
}

// panelLayout is a panel measured: its width, title lines, bar sizes and
// scale.
type panelLayout struct {
	p          report.Panel
	plot       float64 // the plot's height
	width      float64
	title      []string
	gutter     float64 // the tick labels' column
	barWidth   float64
	barGap     float64
	groupGap   float64
	groupWidth []float64
	groupNames [][]string
	groupLines int
	lo, hi     float64
	ticks      []float64
}

func (l panelLayout) widthOf() float64 { return l.width }

// layoutPanel measures a panel: bars wide enough for their figure above
// them, a gap between bars and a wider one between groups, each group as
// wide as its bars or its name's longest word (the name wrapped to it),
// the scale and its ticks.
func layoutPanel(ts *typeset, p report.Panel, plot float64) panelLayout {
	l := panelLayout{p: p, plot: plot}
	l.lo, l.hi, l.ticks = Scale(p)
	for _, t := range l.ticks {
		l.gutter = max(l.gutter, ts.width(TickText(t), tickSize, false))
	}
	l.gutter += 12
	l.barWidth = 44
	for _, g := range p.Groups {
		for _, b := range g.Bars {
			l.barWidth = max(l.barWidth, ts.width(b.Text, valueSize, false)+12)
		}
	}
	l.barGap = math.Round(l.barWidth * 0.3)
	// Groups of several bars stand a bar's width apart; groups of one,
	// which their names under them tell apart, closer.
	l.groupGap = singleBarGap
	for _, g := range p.Groups {
		if len(g.Bars) > 1 {
			l.groupGap = l.barWidth
		}
	}
	inner := l.groupGap / 2
	for _, g := range p.Groups {
		bars := float64(len(g.Bars))*l.barWidth + float64(len(g.Bars)-1)*l.barGap
		// A short name stays on one line; a longer one wraps to its
		// longest word.
		w := max(bars, min(ts.width(g.Name, groupSize, false), shortName))
		for _, word := range strings.Fields(g.Name) {
			w = max(w, ts.width(word, groupSize, false))
		}
		names := ts.wrap(g.Name, groupSize, false, w)
		l.groupWidth = append(l.groupWidth, w)
		l.groupNames = append(l.groupNames, names)
		l.groupLines = max(l.groupLines, len(names))
		inner += w + l.groupGap
	}
	inner -= l.groupGap / 2
	l.width = max(minPanelWidth, l.gutter+inner)
	l.title = ts.wrap(p.Title, panelTitleSize, true, l.width)
	return l
}

// Scale is a panel's axis: the measure's whole range when it has two
// ends (0-10, 0-1), else from 0 (or the lowest value) to a round number
// above the highest interval; 0..1 when every figure is 0. A difference
// panel is centred on 0.
func Scale(p report.Panel) (lo, hi float64, ticks []float64) {
	var dataLo, dataHi float64
	for _, g := range p.Groups {
		for _, b := range g.Bars {
			dataLo = min(dataLo, b.Stat.Mean, b.Stat.Lo)
			dataHi = max(dataHi, b.Stat.Mean, b.Stat.Hi)
		}
	}
	rlo, rhi := p.Measure.Bounds()
	switch {
	case p.Difference:
		e := max(-dataLo, dataHi)
		if e == 0 {
			e = rhi - rlo
		}
		if math.IsInf(e, 1) || e == 0 {
			e = 1
		}
		e = roundUp(e)
		lo, hi = -e, e
	case !math.IsInf(rlo, 0) && !math.IsInf(rhi, 0):
		lo, hi = rlo, rhi
	default:
		lo, hi = 0, 1
		if dataLo < 0 {
			lo = -roundUp(-dataLo)
		}
		if dataHi > 0 {
			hi = roundUp(dataHi)
		}
	}
	step := niceStep((hi - lo) / 4)
	for t := math.Ceil(lo/step) * step; t <= hi+step/1e6; t += step {
		ticks = append(ticks, math.Round(t/step)*step)
	}
	return lo, hi, ticks
}

// niceStep is a round step near raw: 1, 2, 2.5 or 5 times a power of 10.
func niceStep(raw float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, f := range []float64{1, 2, 2.5, 5} {
		if raw <= f*p*(1+1e-9) {
			return f * p
		}
	}
	return 10 * p
}

// roundUp is the first multiple of a round step at or above v.
func roundUp(v float64) float64 {
	step := niceStep(v / 4)
	return math.Ceil(v/step-1e-9) * step
}

// TickText prints a tick's value without trailing zeros.
func TickText(v float64) string {
	if v == 0 {
		return "0"
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

// draw draws the panel with its top left at x, y in a cell of the grid
// width wide, its title given titleLines and its group names groupLines
// (the most of its row, so the plots of a row line up), and returns its
// height.
func (l panelLayout) draw(sc *scene, ts *typeset, x, y, width float64, titleLines, groupLines int) float64 {
	titleLine := panelTitleSize * lineSpacing
	ty := y
	for _, line := range l.title {
		sc.labels = append(sc.labels, label{x: x, y: ty + ts.ascent(panelTitleSize, true), text: line, size: panelTitleSize, bold: true, fill: ink, role: "panel-title"})
		ty += titleLine
	}
	band := valueSize + 12 // room for the figures over the bars
	top := y + float64(titleLines)*titleLine + 8 + band
	bottom := top + l.plot
	at := func(v float64) float64 { return top + (l.hi-v)/(l.hi-l.lo)*l.plot }
	plotLeft := x + l.gutter
	plotRight := x + width
	for _, t := range l.ticks {
		ty := at(t)
		if t != 0 {
			sc.boxes = append(sc.boxes, box{x: plotLeft, y: ty - 0.5, w: plotRight - plotLeft, h: 1, fill: gridInk, role: "grid"})
		}
		sc.labels = append(sc.labels, label{x: plotLeft - 10, y: ty + (ts.ascent(tickSize, false)-ts.descent(tickSize, false))/2,
			text: TickText(t), size: tickSize, anchor: end, fill: mutedInk, role: "tick"})
	}
	zero := at(max(l.lo, 0))
	sc.boxes = append(sc.boxes, box{x: plotLeft, y: zero - 1, w: plotRight - plotLeft, h: 2, fill: axisInk, role: "axis"})
	if l.lo < 0 {
		bottom += band
	}
	// The groups are centred in the plot.
	inner := l.groupGap / 2
	for _, w := range l.groupWidth {
		inner += w + l.groupGap
	}
	inner -= l.groupGap / 2
	gx := plotLeft + (plotRight-plotLeft-inner)/2 + l.groupGap/2
	for i, g := range l.p.Groups {
		w := l.groupWidth[i]
		bars := float64(len(g.Bars))*l.barWidth + float64(len(g.Bars)-1)*l.barGap
		bx := gx + (w-bars)/2
		for _, b := range g.Bars {
			l.drawBar(sc, ts, b, bx, at)
			bx += l.barWidth + l.barGap
		}
		ny := bottom + 10
		for _, name := range l.groupNames[i] {
			sc.labels = append(sc.labels, label{x: gx + w/2, y: ny + ts.ascent(groupSize, false), text: name, size: groupSize, anchor: middle, fill: ink, role: "group"})
			ny += groupSize * lineSpacing
		}
		gx += w + l.groupGap
	}
	return bottom + 10 + float64(groupLines)*groupSize*lineSpacing - y
}

// drawBar draws one mode's bar from zero to its mean, its interval as a
// whisker with caps, and its figure beyond both.
func (l panelLayout) drawBar(sc *scene, ts *typeset, b report.Bar, x float64, at func(float64) float64) {
	zero, end := at(max(l.lo, 0)), at(b.Stat.Mean)
	// A bar of about nothing is drawn as a stub, so its colour still
	// says whose figure is over it.
	y, h := min(zero, end), math.Abs(end-zero)
	if h < minBarHeight {
		y, h = zero-minBarHeight, minBarHeight
		if b.Stat.Mean < 0 {
			y = zero
		}
	}
	sc.boxes = append(sc.boxes, box{x: x, y: y, w: l.barWidth, h: h, fill: palette.RGBA(palette.Mode(b.Mode).Light), role: "bar", mode: b.Mode})
	top, low := at(max(b.Stat.Mean, b.Stat.Hi)), at(min(b.Stat.Mean, b.Stat.Lo))
	if b.Stat.N >= 2 && b.Stat.Hi > b.Stat.Lo {
		mid := x + l.barWidth/2
		capWidth := math.Round(l.barWidth * 0.4)
		sc.boxes = append(sc.boxes,
			box{x: mid - 1.25, y: top, w: 2.5, h: low - top, fill: whiskerInk, role: "whisker"},
			box{x: mid - capWidth/2, y: top - 1.25, w: capWidth, h: 2.5, fill: whiskerInk, role: "whisker"},
			box{x: mid - capWidth/2, y: low - 1.25, w: capWidth, h: 2.5, fill: whiskerInk, role: "whisker"})
	}
	v := label{x: x + l.barWidth/2, text: b.Text, size: valueSize, anchor: middle, fill: ink, role: "value"}
	if b.Stat.Mean < 0 {
		v.y = low + 6 + ts.ascent(valueSize, false)
	} else {
		v.y = top - 6 - ts.descent(valueSize, false)
	}
	sc.labels = append(sc.labels, v)
}
