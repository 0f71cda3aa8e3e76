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
// data, a bar per mode (one colour per family, or per family and group in
// a grouped report) and its 95% interval. A grouped report adds a panel
// per charted measure with the paired differences between its groups.
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
	for _, key := range Charted {
		p, err := r.acrossPanel(key)
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

// series is one colour of a panel: a family, and in a grouped report one
// group of its columns.
type series struct {
	f scenario.Family
	s Split
}

// panel draws one measure, or returns nil when no group has it.
func (r Report) panel(key string, modes []view.Mode) (*plot.Plot, error) {
	m := measure(key)
	var fams []series
	for _, g := range r.Groups {
		if _, ok := g.Stats[key]; ok && !slices.Contains(fams, series{g.Family, g.Split}) {
			fams = append(fams, series{g.Family, g.Split})
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
			p.Legend.Add(f.legend(r.By), bars)
		}
	}
	p.Legend.Top = true
	return p, nil
}

// legend names a series: its family, and its group in a grouped report.
func (s series) legend(by []Dim) string {
	if len(by) == 0 {
		return clean(string(s.f))
	}
	return clean(string(s.f)) + " · " + s.s.label(by)
}

// acrossPanel draws the paired differences of one measure between the
// groups of a grouped report, a bar per mode and comparison with its 95%
// interval; nil when there are none.
func (r Report) acrossPanel(key string) (*plot.Plot, error) {
	type comparison struct {
		f             scenario.Family
		first, second Split
	}
	var comps []comparison
	var modes []view.Mode
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
		if !slices.Contains(modes, p.First) {
			modes = append(modes, p.First)
		}
	}
	if len(comps) == 0 {
		return nil, nil
	}
	slices.SortFunc(modes, func(a, b view.Mode) int { return modeRank(a) - modeRank(b) })
	p := plot.New()
	p.Title.Text = measure(key).Label + ": paired difference"
	labels := make([]string, len(modes))
	for i, md := range modes {
		labels[i] = clean(md.Label())
	}
	p.NominalX(labels...)
	slot := 0.8 / float64(len(comps))
	for ci, c := range comps {
		vals := make(plotter.Values, len(modes))
		errs := make(errorPoints, len(modes))
		x0 := -0.4 + slot*(float64(ci)+0.5)
		for i, md := range modes {
			s := stats[c][md]
			vals[i] = s.Mean
			errs[i] = errorPoint{x: x0 + float64(i), y: s.Mean, lo: s.Mean - s.Lo, hi: s.Hi - s.Mean}
		}
		bars, err := plotter.NewBarChart(vals, vg.Points(110*slot))
		if err != nil {
			return nil, err
		}
		bars.XMin = x0
		bars.Color = plotutil.Color(ci)
		bars.LineStyle.Width = 0
		eb, err := plotter.NewYErrorBars(errs)
		if err != nil {
			return nil, err
		}
		p.Add(bars, eb)
		name := clean(string(c.f)) + ": " + c.first.label(r.By) + " - " + c.second.label(r.By)
		if len(comps) == 1 {
			// One comparison is named in the title, not in a legend over
			// its bars.
			p.Title.Text += "\n" + name
			continue
		}
		p.Legend.Add(name, bars)
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	return p, nil
}

// stat returns a series' statistic in a mode, zero when absent.
func (r Report) stat(s series, md view.Mode, key string) Stat {
	for _, g := range r.Groups {
		if g.Family == s.f && g.Split == s.s && g.Mode == md {
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
