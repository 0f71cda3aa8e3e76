package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Headline is the report's answer to the study's question, SCRIPT
// against AGENTS against MINDREADERS: every family's episodes pooled, a
// group per mode (and per value of the report's further dimensions, By),
// over the measures every family has, with the paired differences
// between modes (or groups) over all the scenarios and seeds they played.
type Headline struct {
	// Families are the families pooled, in name order.
	Families []scenario.Family `json:"families"`
	// Pools names, per measure, the families whose episodes it pools:
	// goal completion (rule) the families a rule scores, goal completion
	// (judge) the ones a judge scored; like is pooled only with like.
	Pools map[string][]scenario.Family `json:"pools"`
	// Groups are as a family's, with Family empty and only the headline
	// measures in Stats.
	Groups []Group  `json:"groups"`
	Paired []Paired `json:"paired,omitempty"`
}

// HeadlineKeys are the headline's measures, in order: the ones every
// family has. Goal completion comes twice, by rule and by judge, each
// pooled over the families that have it.
var HeadlineKeys = []string{metrics.GoalCompletion, JudgeGoal, metrics.Leaks, metrics.MindReads,
	metrics.Guesses, metrics.Disclosures, metrics.WordsPerTurn}

// headlineMeasures are the measures of HeadlineKeys.
func headlineMeasures() []Measure {
	out := make([]Measure, len(HeadlineKeys))
	for i, k := range HeadlineKeys {
		out[i] = measure(k)
	}
	return out
}

// headlineTally is the pooled tally of one group of the headline.
func headlineTally() *Tally { return &Tally{measures: headlineMeasures()} }

// headline builds the report's headline from the pooled tallies, the
// families' groups (for Pools) and the pooled paired differences.
func headline(byKey map[groupKey]*Tally, by []Dim, families []Group, paired []Paired) *Headline {
	if len(byKey) == 0 {
		return nil
	}
	h := &Headline{Pools: map[string][]scenario.Family{}}
	for k, t := range byKey {
		g := t.Group()
		g.Split, g.Mode = k.s, k.m
		h.Groups = append(h.Groups, g)
	}
	slices.SortFunc(h.Groups, func(x, y Group) int { return columnOrder(by, x, y) })
	for _, g := range families {
		if !slices.Contains(h.Families, g.Family) {
			h.Families = append(h.Families, g.Family)
		}
		for _, k := range HeadlineKeys {
			if _, ok := g.Stats[k]; ok && !slices.Contains(h.Pools[k], g.Family) {
				h.Pools[k] = append(h.Pools[k], g.Family)
			}
		}
	}
	slices.Sort(h.Families)
	for _, fs := range h.Pools {
		slices.Sort(fs)
	}
	for _, p := range paired {
		if slices.Contains(HeadlineKeys, p.Key) {
			h.Paired = append(h.Paired, p)
		}
	}
	return h
}

// poolsText says which families a headline row pools, when not all of
// them: "craigslist, mutualfriends".
func (h *Headline) poolsText(key string) string {
	fs := h.Pools[key]
	if len(fs) == len(h.Families) {
		return ""
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = clean(string(f))
	}
	return strings.Join(parts, ", ")
}

// writeHeadline prints the headline's table, its paired differences and
// which families each row and column pools, when not all of them.
func (r Report) writeHeadline(b *strings.Builder, width int) {
	h := r.Headline
	if h == nil || len(h.Families) == 1 {
		return // one family's own table, which follows, holds every row
	}
	var ms []Measure
	for _, m := range headlineMeasures() {
		if slices.ContainsFunc(h.Groups, func(g Group) bool { return g.Has(m.Key) }) {
			ms = append(ms, m)
		}
	}
	names := make([]string, len(h.Families))
	for i, f := range h.Families {
		names[i] = clean(string(f))
	}
	title := "headline (" + strings.Join(names, ")")
	if len(names) > 1 {
		title = "headline, every family pooled (" + strings.Join(names, ", ")
	}
	title += "): episodes "
	if len(r.By) > 0 {
		title += "by " + byText(r.By)
	} else {
		title += episodesText(h.Groups)
	}
	r.writeGroups(b, title, h.Groups, ms, false, width)
	writePairedTable(b, r.By, h.Paired, width)
	var notes []string
	for _, m := range ms {
		if pools := h.poolsText(m.Key); pools != "" {
			notes = append(notes, m.Label+" pools "+pools)
		}
	}
	played := map[view.Mode][]string{}
	var modes []view.Mode
	for _, g := range r.Groups {
		if !slices.Contains(modes, g.Mode) {
			modes = append(modes, g.Mode)
		}
		if f := clean(string(g.Family)); !slices.Contains(played[g.Mode], f) {
			played[g.Mode] = append(played[g.Mode], f)
		}
	}
	slices.SortFunc(modes, func(x, y view.Mode) int { return modeRank(x) - modeRank(y) })
	for _, m := range modes {
		if len(played[m]) < len(h.Families) {
			notes = append(notes, clean(m.Label())+" pools "+strings.Join(played[m], ", ")+" only")
		}
	}
	if len(notes) > 0 {
		writeWrapped(b, "(only like with like: "+strings.Join(notes, "; ")+")", width)
	}
}

// episodesText lists each group's episodes: "SCRIPT 12, AGENTS 12".
func episodesText(gs []Group) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = fmt.Sprintf("%s %d", clean(g.Mode.Label()), g.Episodes)
		if g.Ended < g.Episodes {
			parts[i] += fmt.Sprintf(" (%d unfinished)", g.Episodes-g.Ended)
		}
	}
	return strings.Join(parts, ", ")
}
