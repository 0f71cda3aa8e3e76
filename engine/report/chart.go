package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Chart is what a report's slide shows (engine/report/slide draws it):
// its title, the episodes per mode, the modes in order, a panel per
// charted measure with data, and notes on what is not drawn and why.
type Chart struct {
	Title, Subtitle string
	Modes           []view.Mode
	Panels          []Panel
	// Notes say which charted measures have no panel: those no rule
	// could measure, and why; those no episode had any of.
	Notes []string
}

// Panel is one measure's bars, grouped by family (or group, or
// comparison); Difference when the bars are paired differences (centred
// on zero).
type Panel struct {
	Title      string
	Measure    Measure
	Difference bool
	Groups     []BarGroup
}

// BarGroup is a family's (or group's, or comparison's) bars, one per mode.
type BarGroup struct {
	Name string
	Bars []Bar
}

// Bar is one mode's statistic, with its figure as the slide writes it
// (signed for a difference).
type Bar struct {
	Mode view.Mode
	Stat Stat
	Text string
}

// Chart lays the report out for its slide: a title naming the families
// and modes, the episodes per mode and what the whiskers are, and a panel
// per charted measure with data whose bars are the modes, grouped by
// family (and by group in a grouped report), each with its 95% interval.
// A grouped report adds a panel per charted measure with the paired
// differences between its groups.
func (r Report) Chart() Chart {
	var families, modes []string
	for _, f := range r.Families() {
		families = append(families, clean(string(f)))
	}
	for _, m := range r.modes() {
		modes = append(modes, clean(m.Label()))
	}
	panels, notes := r.panels()
	return Chart{
		Title:    andList(families) + ": " + strings.Join(modes, " vs "),
		Subtitle: r.episodesLine() + " · whiskers: 95% intervals",
		Modes:    r.modes(),
		Panels:   panels,
		Notes:    notes,
	}
}

// bar is a mode's bar in a panel.
func (p Panel) bar(md view.Mode, s Stat) Bar {
	text := num(s.Mean)
	if p.Difference {
		text = signed(s.Mean)
	}
	return Bar{Mode: md, Stat: s, Text: text}
}

// panels lists the slide's panels: each charted measure with data, the
// judges' dimensions with every family pooled, then in a grouped report
// the paired differences between groups; and the notes on the charted
// measures left without a panel: not measured (and why), or none in any
// episode (a panel of zeros says nothing a line does not).
func (r Report) panels() ([]Panel, []string) {
	modes := r.modes()
	var out []Panel
	var none []string
	var unmeasured []Measure
	for _, key := range Charted {
		p := Panel{Title: measure(key).Label, Measure: measure(key)}
		var seen []series
		for _, g := range r.Groups {
			if _, ok := g.Stats[key]; ok && !slices.Contains(seen, series{g.Family, g.Split}) {
				seen = append(seen, series{g.Family, g.Split})
			}
			if _, ok := g.NotMeasured[key]; ok && !slices.Contains(unmeasured, p.Measure) {
				unmeasured = append(unmeasured, p.Measure)
			}
		}
		for _, s := range seen {
			bg := BarGroup{Name: s.legend(r.By)}
			for _, md := range modes {
				if st, ok := r.statOf(s, md, key); ok {
					bg.Bars = append(bg.Bars, p.bar(md, st))
				}
			}
			p.Groups = append(p.Groups, bg)
		}
		switch {
		case len(p.Groups) == 0:
		case p.zero():
			none = append(none, p.Title)
		default:
			out = append(out, p)
		}
	}
	for _, j := range []struct {
		title string
		key   func(string) string
	}{{"judge's seven dimensions, all families", metrics.JudgeKey}, {"imported judge's seven dimensions, all families", metrics.ImportedJudgeKey}} {
		if p, ok := r.dimensionPanel(j.title, j.key, modes); ok {
			out = append(out, p)
		}
	}
	for _, key := range Charted {
		if p, ok := r.acrossPanel(key, modes); ok {
			out = append(out, p)
		}
	}
	var notes []string
	if note := notMeasuredNote(r.Groups, unmeasured, true); note != "" {
		notes = append(notes, note)
	}
	if len(none) > 0 {
		notes = append(notes, "none in any episode: "+strings.Join(none, ", "))
	}
	return out, notes
}

// zero reports whether every bar of the panel is 0, its interval too.
func (p Panel) zero() bool {
	for _, g := range p.Groups {
		for _, b := range g.Bars {
			if b.Stat.Mean != 0 || b.Stat.Lo != 0 || b.Stat.Hi != 0 {
				return false
			}
		}
	}
	return true
}

// dimensionPanel is one judge's seven dimensions (key names them:
// metrics.JudgeKey, metrics.ImportedJudgeKey), both seats' mean with
// every family pooled: a group of bars per dimension, a bar per mode.
func (r Report) dimensionPanel(title string, key func(string) string, modes []view.Mode) (Panel, bool) {
	p := Panel{Title: title, Measure: Measure{Key: key(""), Range: Range{-10, 10}}}
	for _, d := range metrics.JudgeDimensions {
		for _, s := range r.judgedSplits() {
			bg := BarGroup{Name: shortDimension(d.Key)}
			if len(r.By) > 0 {
				bg.Name += " · " + s.label(r.By)
			}
			for _, md := range modes {
				for _, g := range r.Judged {
					if st, ok := g.Stats[key(d.Key)]; ok && g.Split == s && g.Mode == md {
						bg.Bars = append(bg.Bars, p.bar(md, st))
					}
				}
			}
			if len(bg.Bars) > 0 {
				p.Groups = append(p.Groups, bg)
			}
		}
	}
	return p, len(p.Groups) > 0
}

// shortDimension names a judge's dimension in a few words: "social
// rules", "financial" (and material benefits).
func shortDimension(key string) string {
	name, _, _ := strings.Cut(strings.ReplaceAll(key, "_", " "), " and ")
	return name
}

// judgedSplits are the groups of the report's further dimensions that
// the pooled judges' figures have, in column order.
func (r Report) judgedSplits() []Split {
	var out []Split
	for _, g := range r.Judged {
		if !slices.Contains(out, g.Split) {
			out = append(out, g.Split)
		}
	}
	return out
}

// acrossPanel is the paired differences of one measure between the
// groups of a grouped report: a group of bars per comparison, a bar per
// mode.
func (r Report) acrossPanel(key string, modes []view.Mode) (Panel, bool) {
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
	p := Panel{Title: measure(key).Label + ": paired difference", Measure: measure(key), Difference: true}
	for _, c := range comps {
		bg := BarGroup{Name: clean(string(c.f)) + ": " + c.first.label(r.By) + " - " + c.second.label(r.By)}
		for _, md := range modes {
			if s, ok := stats[c][md]; ok {
				bg.Bars = append(bg.Bars, p.bar(md, s))
			}
		}
		p.Groups = append(p.Groups, bg)
	}
	return p, len(p.Groups) > 0
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
	if len(parts) > maxSubtitleGroups {
		total := 0
		for _, g := range r.Groups {
			total += g.Episodes
		}
		return fmt.Sprintf("n per mode: %d episodes in %d groups (each group's in the report's tables)", total, len(parts))
	}
	return "n per mode: " + strings.Join(parts, "; ")
}

// maxSubtitleGroups is the most groups the slide's subtitle gives the
// episodes of one by one; more would fill the slide.
const maxSubtitleGroups = 6

// andList joins names as prose: "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
