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

// The slide's sizes, in the SVG's pixels: its text stays at least 16
// pixels high when the figure is shown 1920 pixels wide (maxSlideWidth
// at most), readable from the back of a room.
const (
	slideMargin    = 40.0
	titleSize      = 38.0
	subtitleSize   = 24.0
	legendSize     = 24.0
	panelTitleSize = 26.0
	tickSize       = 20.0
	groupSize      = 22.0
	valueSize      = 20.0
	plotHeight     = 300.0
	panelGap       = 56.0
	minPanelWidth  = 440.0
	minSlideWidth  = 960.0
	maxSlideWidth  = 2400.0
	maxColumns     = 4
	lineSpacing    = 1.3
	minBarHeight   = 4.0
	// slideAspect is the shape the panels are arranged toward: a 16:9
	// slide's.
	slideAspect = 16.0 / 9
)

// slideSizes are every text size of a slide, for its typeset.
var slideSizes = []float64{titleSize, subtitleSize, legendSize, panelTitleSize, tickSize, groupSize, valueSize}

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

// layout lays a chart out as a scene.
func layout(c report.Chart) (*scene, *typeset, error) {
	panels := c.Panels
	if len(panels) == 0 {
		return nil, nil, fmt.Errorf("nothing to draw: no episode has a charted metric")
	}
	sizes := slices.Clone(slideSizes)
	for _, s := range slideSizes {
		sizes = append(sizes, s*pngScale)
	}
	ts, err := newTypeset(sizes...)
	if err != nil {
		return nil, nil, err
	}
	layouts := make([]panelLayout, len(panels))
	width := minPanelWidth
	for i, p := range panels {
		layouts[i] = layoutPanel(ts, p)
		width = max(width, layouts[i].width)
	}
	// Every panel is as wide as the widest: titles wrap to that.
	for i := range layouts {
		layouts[i].title = ts.wrap(layouts[i].p.Title, panelTitleSize, true, width)
	}
	cols := columnsFor(len(panels), width, layouts[0].height())
	gridWidth := float64(cols)*width + float64(cols-1)*panelGap
	sc := &scene{width: max(minSlideWidth, gridWidth+2*slideMargin)}
	y := header(sc, ts, c)
	left := (sc.width - gridWidth) / 2
	for _, in := range balancedRows(layouts, cols) {
		// A row shorter than the widest stands in the middle.
		rowLeft := left + float64(cols-len(in))*(width+panelGap)/2
		var titleLines, groupLines int
		for _, l := range in {
			titleLines = max(titleLines, len(l.title))
			groupLines = max(groupLines, l.groupLines)
		}
		var height float64
		for i, l := range in {
			height = max(height, l.draw(sc, ts, rowLeft+float64(i)*(width+panelGap), y, width, titleLines, groupLines))
		}
		y += height + panelGap
	}
	sc.height = y - panelGap + slideMargin
	return sc, ts, nil
}

// columnsFor is how many panels the fullest row holds: the arrangement
// whose shape is closest to a slide's, no wider than maxSlideWidth, that
// leaves no panel alone on its row beside fuller ones (balancedRows
// shares the panels out).
func columnsFor(panels int, width, height float64) int {
	best, bestMiss := 1, math.Inf(1)
	for cols := 1; cols <= min(maxColumns, panels); cols++ {
		w := float64(cols)*width + float64(cols-1)*panelGap + 2*slideMargin
		if cols > 1 && w > maxSlideWidth {
			break
		}
		rows := (panels + cols - 1) / cols
		if panels/rows == 1 && panels%rows > 0 {
			continue // a panel alone on its row beside a row of two
		}
		h := 200 + float64(rows)*(height+panelGap)
		if miss := math.Abs(math.Log(w / h / slideAspect)); miss < bestMiss {
			best, bestMiss = cols, miss
		}
	}
	return best
}

// balancedRows shares panels out over as few rows of at most cols as
// hold them, the rows' lengths differing by one at most, the longer
// first: 7 panels in rows of 3 are 3, 2 and 2, not 3, 3 and 1.
func balancedRows[T any](panels []T, cols int) [][]T {
	rows := (len(panels) + cols - 1) / cols
	var out [][]T
	for r, at := 0, 0; r < rows; r++ {
		n := len(panels) / rows
		if r < len(panels)%rows {
			n++
		}
		out = append(out, panels[at:at+n])
		at += n
	}
	return out
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
	y += 14
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
	return y + rowHeight + 20
}

// panelLayout is a panel measured: its width, title lines, bar sizes and
// scale.
type panelLayout struct {
	p          report.Panel
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

// height is about how tall the panel is, for arranging the panels.
func (l panelLayout) height() float64 {
	return float64(len(l.title))*panelTitleSize*lineSpacing + 2*valueSize + plotHeight + float64(l.groupLines)*groupSize*lineSpacing + 40
}

// layoutPanel measures a panel: bars wide enough for their figure above
// them, a gap between bars and a wider one between groups, each group as
// wide as its bars or its name's longest word (the name wrapped to it),
// the scale and its ticks.
func layoutPanel(ts *typeset, p report.Panel) panelLayout {
	l := panelLayout{p: p}
	l.lo, l.hi, l.ticks = scale(p)
	for _, t := range l.ticks {
		l.gutter = max(l.gutter, ts.width(tickText(t), tickSize, false))
	}
	l.gutter += 12
	l.barWidth = 44
	for _, g := range p.Groups {
		for _, b := range g.Bars {
			l.barWidth = max(l.barWidth, ts.width(b.Text, valueSize, false)+12)
		}
	}
	l.barGap = math.Round(l.barWidth * 0.3)
	l.groupGap = l.barWidth
	inner := l.groupGap / 2
	for _, g := range p.Groups {
		bars := float64(len(g.Bars))*l.barWidth + float64(len(g.Bars)-1)*l.barGap
		w := bars
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

// scale is a panel's axis: the measure's whole range when it has two
// ends (0-10, 0-1), else from 0 (or the lowest value) to a round number
// above the highest interval; 0..1 when every figure is 0. A difference
// panel is centred on 0.
func scale(p report.Panel) (lo, hi float64, ticks []float64) {
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

// tickText prints a tick's value without trailing zeros.
func tickText(v float64) string {
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
	bottom := top + plotHeight
	at := func(v float64) float64 { return top + (l.hi-v)/(l.hi-l.lo)*plotHeight }
	plotLeft := x + l.gutter
	plotRight := x + width
	for _, t := range l.ticks {
		ty := at(t)
		if t != 0 {
			sc.boxes = append(sc.boxes, box{x: plotLeft, y: ty - 0.5, w: plotRight - plotLeft, h: 1, fill: gridInk, role: "grid"})
		}
		sc.labels = append(sc.labels, label{x: plotLeft - 10, y: ty + (ts.ascent(tickSize, false)-ts.descent(tickSize, false))/2,
			text: tickText(t), size: tickSize, anchor: end, fill: mutedInk, role: "tick"})
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
