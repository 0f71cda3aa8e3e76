package report

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
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

// WriteSVG draws the report as a slide (slide): a title naming the
// families and modes, the episodes per mode and what the whiskers are, a
// legend of the modes' colours, and a panel per charted measure with data
// whose bars are the modes, grouped by family (and by group in a grouped
// report), each with its 95% interval. A grouped report adds a panel per
// charted measure with the paired differences between its groups.
func (r Report) WriteSVG(w io.Writer) error {
	sc, _, err := r.slide()
	if err != nil {
		return err
	}
	return sc.writeSVG(w)
}

// WritePNG draws the slide of WriteSVG as a PNG, from the same scene.
func (r Report) WritePNG(w io.Writer) error {
	sc, ts, err := r.slide()
	if err != nil {
		return err
	}
	return sc.writePNG(w, ts)
}

// panelSpec is one panel: a measure, its groups of bars, and whether the
// bars are paired differences (centred on zero).
type panelSpec struct {
	title      string
	m          Measure
	difference bool
	groups     []barGroup
}

// barGroup is a family's (or group's, or comparison's) bars, one per mode.
type barGroup struct {
	name string
	bars []modeBar
}

type modeBar struct {
	mode view.Mode
	s    Stat
}

// panels lists the slide's panels: each charted measure with data, then
// in a grouped report the paired differences between groups.
func (r Report) panels() []panelSpec {
	modes := r.modes()
	var out []panelSpec
	for _, key := range Charted {
		p := panelSpec{title: measure(key).Label, m: measure(key)}
		var seen []series
		for _, g := range r.Groups {
			if _, ok := g.Stats[key]; ok && !slices.Contains(seen, series{g.Family, g.Split}) {
				seen = append(seen, series{g.Family, g.Split})
			}
		}
		for _, s := range seen {
			bg := barGroup{name: s.legend(r.By)}
			for _, md := range modes {
				if st, ok := r.statOf(s, md, key); ok {
					bg.bars = append(bg.bars, modeBar{md, st})
				}
			}
			p.groups = append(p.groups, bg)
		}
		if len(p.groups) > 0 {
			out = append(out, p)
		}
	}
	for _, key := range Charted {
		if p, ok := r.acrossPanel(key, modes); ok {
			out = append(out, p)
		}
	}
	return out
}

// acrossPanel is the paired differences of one measure between the
// groups of a grouped report: a group of bars per comparison, a bar per
// mode.
func (r Report) acrossPanel(key string, modes []view.Mode) (panelSpec, bool) {
	type comparison struct {
		f             scenario.Family
		first, second Split
	}
	var comps []comparison
	stats := map[comparison]map[view.Mode]Stat{}
	for _, p := range r.Paired {
		if !p.Across() || p.Key != key {
			continue
		}
		c := comparison{p.Family, p.FirstOf, p.SecondOf}
		if stats[c] == nil {
			stats[c] = map[view.Mode]Stat{}
			comps = append(comps, c)
		}
		stats[c][p.First] = p.Stat
	}
	p := panelSpec{title: measure(key).Label + ": paired difference", m: measure(key), difference: true}
	for _, c := range comps {
		bg := barGroup{name: clean(string(c.f)) + ": " + c.first.label(r.By) + " - " + c.second.label(r.By)}
		for _, md := range modes {
			if s, ok := stats[c][md]; ok {
				bg.bars = append(bg.bars, modeBar{md, s})
			}
		}
		p.groups = append(p.groups, bg)
	}
	return p, len(p.groups) > 0
}

// modes lists the report's modes in display order.
func (r Report) modes() []view.Mode {
	var out []view.Mode
	for _, g := range r.Groups {
		if !slices.Contains(out, g.Mode) {
			out = append(out, g.Mode)
		}
	}
	slices.SortFunc(out, func(a, b view.Mode) int { return modeRank(a) - modeRank(b) })
	return out
}

// series is one group of bars in a panel: a family, and in a grouped
// report one group of its columns.
type series struct {
	f scenario.Family
	s Split
}

// legend names a series: its family, and its group in a grouped report.
func (s series) legend(by []Dim) string {
	if len(by) == 0 {
		return clean(string(s.f))
	}
	return clean(string(s.f)) + " · " + s.s.label(by)
}

// statOf is a series' statistic in a mode, if it has one.
func (r Report) statOf(s series, md view.Mode, key string) (Stat, bool) {
	for _, g := range r.Groups {
		if g.Family == s.f && g.Split == s.s && g.Mode == md {
			st, ok := g.Stats[key]
			return st, ok
		}
	}
	return Stat{}, false
}

// slide lays the report out as a scene.
func (r Report) slide() (*scene, *typeset, error) {
	panels := r.panels()
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
		layouts[i].title = ts.wrap(layouts[i].p.title, panelTitleSize, true, width)
	}
	cols := columnsFor(len(panels), width, layouts[0].height())
	gridWidth := float64(cols)*width + float64(cols-1)*panelGap
	sc := &scene{width: max(minSlideWidth, gridWidth+2*slideMargin)}
	y := r.header(sc, ts)
	left := (sc.width - gridWidth) / 2
	for row := 0; row*cols < len(panels); row++ {
		in := layouts[row*cols : min(len(layouts), (row+1)*cols)]
		var titleLines, groupLines int
		for _, l := range in {
			titleLines = max(titleLines, len(l.title))
			groupLines = max(groupLines, l.groupLines)
		}
		var height float64
		for i, l := range in {
			height = max(height, l.draw(sc, ts, left+float64(i)*(width+panelGap), y, width, titleLines, groupLines))
		}
		y += height + panelGap
	}
	sc.height = y - panelGap + slideMargin
	return sc, ts, nil
}

// columnsFor is how many panels a row holds: the arrangement whose shape
// is closest to a slide's, no wider than maxSlideWidth.
func columnsFor(panels int, width, height float64) int {
	best, bestMiss := 1, math.Inf(1)
	for cols := 1; cols <= min(maxColumns, panels); cols++ {
		w := float64(cols)*width + float64(cols-1)*panelGap + 2*slideMargin
		if cols > 1 && w > maxSlideWidth {
			break
		}
		rows := (panels + cols - 1) / cols
		h := 200 + float64(rows)*(height+panelGap)
		if miss := math.Abs(math.Log(w / h / slideAspect)); miss < bestMiss {
			best, bestMiss = cols, miss
		}
	}
	return best
}

// header draws the title, the subtitle and the legend, and returns where
// the panels start.
func (r Report) header(sc *scene, ts *typeset) float64 {
	var families []string
	for _, f := range r.families() {
		families = append(families, clean(string(f)))
	}
	var modes []string
	for _, m := range r.modes() {
		modes = append(modes, clean(m.Label()))
	}
	title := andList(families) + ": " + strings.Join(modes, " vs ")
	text := sc.width - 2*slideMargin
	y := slideMargin
	for _, line := range ts.wrap(title, titleSize, true, text) {
		y += ts.ascent(titleSize, true)
		sc.labels = append(sc.labels, label{x: slideMargin, y: y, text: line, size: titleSize, bold: true, fill: ink, role: "title"})
		y += titleSize*lineSpacing - ts.ascent(titleSize, true)
	}
	y += 4
	for _, line := range ts.wrap(r.episodesLine()+" · whiskers: 95% intervals", subtitleSize, false, text) {
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
	for _, m := range r.modes() {
		name := clean(m.Label())
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

// episodesLine says how many episodes each family (or group) has per
// mode: "n per mode: craigslist 100, mutualfriends 100", or each mode's
// where they differ.
func (r Report) episodesLine() string {
	var parts []string
	var seen []series
	for _, g := range r.Groups {
		if !slices.Contains(seen, series{g.Family, g.Split}) {
			seen = append(seen, series{g.Family, g.Split})
		}
	}
	for _, s := range seen {
		var ns []string
		same := true
		first := -1
		for _, g := range r.Groups {
			if g.Family != s.f || g.Split != s.s {
				continue
			}
			ns = append(ns, fmt.Sprintf("%s %d", clean(g.Mode.Label()), g.Episodes))
			if first >= 0 && g.Episodes != first {
				same = false
			}
			first = g.Episodes
		}
		if same {
			parts = append(parts, fmt.Sprintf("%s %d", s.legend(r.By), first))
		} else {
			parts = append(parts, s.legend(r.By)+": "+strings.Join(ns, ", "))
		}
	}
	return "n per mode: " + strings.Join(parts, "; ")
}

// andList joins names as prose: "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// panelLayout is a panel measured: its width, title lines, bar sizes and
// scale.
type panelLayout struct {
	p          panelSpec
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
func layoutPanel(ts *typeset, p panelSpec) panelLayout {
	l := panelLayout{p: p}
	l.lo, l.hi, l.ticks = p.scale()
	for _, t := range l.ticks {
		l.gutter = max(l.gutter, ts.width(tickText(t), tickSize, false))
	}
	l.gutter += 12
	l.barWidth = 44
	for _, g := range p.groups {
		for _, b := range g.bars {
			l.barWidth = max(l.barWidth, ts.width(p.valueText(b.s.Mean), valueSize, false)+12)
		}
	}
	l.barGap = math.Round(l.barWidth * 0.3)
	l.groupGap = l.barWidth
	inner := l.groupGap / 2
	for _, g := range p.groups {
		bars := float64(len(g.bars))*l.barWidth + float64(len(g.bars)-1)*l.barGap
		w := bars
		for _, word := range strings.Fields(g.name) {
			w = max(w, ts.width(word, groupSize, false))
		}
		names := ts.wrap(g.name, groupSize, false, w)
		l.groupWidth = append(l.groupWidth, w)
		l.groupNames = append(l.groupNames, names)
		l.groupLines = max(l.groupLines, len(names))
		inner += w + l.groupGap
	}
	inner -= l.groupGap / 2
	l.width = max(minPanelWidth, l.gutter+inner)
	l.title = ts.wrap(p.title, panelTitleSize, true, l.width)
	return l
}

// scale is a panel's axis: the measure's whole range when it has two
// ends (0-10, 0-1), else from 0 (or the lowest value) to a round number
// above the highest interval; 0..1 when every figure is 0. A difference
// panel is centred on 0.
func (p panelSpec) scale() (lo, hi float64, ticks []float64) {
	var dataLo, dataHi float64
	for _, g := range p.groups {
		for _, b := range g.bars {
			dataLo = min(dataLo, b.s.Mean, b.s.Lo)
			dataHi = max(dataHi, b.s.Mean, b.s.Hi)
		}
	}
	rlo, rhi := p.m.bounds()
	switch {
	case p.difference:
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

// valueText is a bar's figure: signed for a difference.
func (p panelSpec) valueText(v float64) string {
	if p.difference {
		return signed(v)
	}
	return num(v)
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
	for i, g := range l.p.groups {
		w := l.groupWidth[i]
		bars := float64(len(g.bars))*l.barWidth + float64(len(g.bars)-1)*l.barGap
		bx := gx + (w-bars)/2
		for _, b := range g.bars {
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
func (l panelLayout) drawBar(sc *scene, ts *typeset, b modeBar, x float64, at func(float64) float64) {
	zero, end := at(max(l.lo, 0)), at(b.s.Mean)
	// A bar of about nothing is drawn as a stub, so its colour still
	// says whose figure is over it.
	y, h := min(zero, end), math.Abs(end-zero)
	if h < minBarHeight {
		y, h = zero-minBarHeight, minBarHeight
		if b.s.Mean < 0 {
			y = zero
		}
	}
	sc.boxes = append(sc.boxes, box{x: x, y: y, w: l.barWidth, h: h, fill: palette.RGBA(palette.Mode(b.mode).Light), role: "bar", mode: b.mode})
	top, low := at(max(b.s.Mean, b.s.Hi)), at(min(b.s.Mean, b.s.Lo))
	if b.s.N >= 2 && b.s.Hi > b.s.Lo {
		mid := x + l.barWidth/2
		capWidth := math.Round(l.barWidth * 0.4)
		sc.boxes = append(sc.boxes,
			box{x: mid - 1.25, y: top, w: 2.5, h: low - top, fill: whiskerInk, role: "whisker"},
			box{x: mid - capWidth/2, y: top - 1.25, w: capWidth, h: 2.5, fill: whiskerInk, role: "whisker"},
			box{x: mid - capWidth/2, y: low - 1.25, w: capWidth, h: 2.5, fill: whiskerInk, role: "whisker"})
	}
	v := label{x: x + l.barWidth/2, text: l.p.valueText(b.s.Mean), size: valueSize, anchor: middle, fill: ink, role: "value"}
	if b.s.Mean < 0 {
		v.y = low + 6 + ts.ascent(valueSize, false)
	} else {
		v.y = top - 6 - ts.descent(valueSize, false)
	}
	sc.labels = append(sc.labels, v)
}
