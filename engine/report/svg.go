package report

import (
	"fmt"
	"io"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// SVG panel size and layout.
const (
	panelWidth  = 4.2 * vg.Inch
	panelHeight = 3.2 * vg.Inch
	panelCols   = 3
)

// WriteSVG draws a figure for a slide: one panel per charted measure with
// data, a bar per mode (one colour per family) and its 95% interval.
func (r Report) WriteSVG(w io.Writer) error {
	modes := r.modes()
	var plots []*plot.Plot
	for _, key := range Charted {
		p, err := r.panel(key, modes)
		if err != nil {
			return err
		}
		if p != nil {
			plots = append(plots, p)
		}
	}
	if len(plots) == 0 {
		return fmt.Errorf("nothing to draw: no episode has a charted metric")
	}
	cols := min(panelCols, len(plots))
	rows := (len(plots) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for i, p := range plots {
		grid[i/cols][i%cols] = p
	}
	c := vgsvg.New(panelWidth*vg.Length(cols), panelHeight*vg.Length(rows))
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(grid, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[i/cols][i%cols])
	}
	_, err := c.WriteTo(w)
	return err
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

// panel draws one measure, or returns nil when no group has it.
func (r Report) panel(key string, modes []view.Mode) (*plot.Plot, error) {
	m := measure(key)
	var fams []scenario.Family
	for _, f := range r.families() {
		for _, g := range r.of(f) {
			if _, ok := g.Stats[key]; ok && !slices.Contains(fams, f) {
				fams = append(fams, f)
			}
		}
	}
	if len(fams) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = m.Label
	p.Y.Min = 0
	if m.Max > 0 {
		p.Y.Max = m.Max
	}
	labels := make([]string, len(modes))
	for i, md := range modes {
		labels[i] = clean(md.Label())
	}
	p.NominalX(labels...)
	slot := 0.8 / float64(len(fams))
	for fi, f := range fams {
		vals := make(plotter.Values, len(modes))
		errs := make(errorPoints, len(modes))
		x0 := -0.4 + slot*(float64(fi)+0.5)
		for i, md := range modes {
			s := r.stat(f, md, key)
			vals[i] = s.Mean
			errs[i] = errorPoint{x: x0 + float64(i), y: s.Mean, lo: s.Mean - s.Lo, hi: s.Hi - s.Mean}
		}
		bars, err := plotter.NewBarChart(vals, vg.Points(110*slot))
		if err != nil {
			return nil, err
		}
		bars.XMin = x0
		bars.Color = plotutil.Color(fi)
		bars.LineStyle.Width = 0
		eb, err := plotter.NewYErrorBars(errs)
		if err != nil {
			return nil, err
		}
		p.Add(bars, eb)
		if len(fams) > 1 {
			p.Legend.Add(clean(string(f)), bars)
		}
	}
	p.Legend.Top = true
	return p, nil
}

func measure(key string) Measure {
	for _, m := range Measures {
		if m.Key == key {
			return m
		}
	}
	return Measure{Key: key, Label: key}
}

// stat returns a family and mode's statistic, zero when absent.
func (r Report) stat(f scenario.Family, md view.Mode, key string) Stat {
	for _, g := range r.Groups {
		if g.Family == f && g.Mode == md {
			return g.Stats[key]
		}
	}
	return Stat{}
}

// errorPoints feeds plotter.NewYErrorBars.
type errorPoint struct{ x, y, lo, hi float64 }
type errorPoints []errorPoint

func (e errorPoints) Len() int                        { return len(e) }
func (e errorPoints) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e errorPoints) YError(i int) (float64, float64) { return e[i].lo, e[i].hi }
