package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// infoDoc is the `i` panel: the setting, each seat's goal and private
// facts, and which mode gives whom which fact. Everything in it comes from
// the Views, the same ones the backends get.
func infoDoc(sc *scenario.Scenario, st *styles) *doc {
	return &doc{title: "Who knows what · " + oneLine(sc.Title), build: func(w int) []string {
		var out []string
		out = append(out, st.title.Render("Setting"))
		out = append(out, para(sc.Setting, w, 2, st.setting)...)
		out = append(out, para("Relationship: "+string(sc.Relationship), w, 2, st.dim)...)
		for seat := range 2 {
			self := view.For(sc, view.Agents, seat).Self()
			out = append(out, "", st.seat[seat].Render(fmt.Sprintf("%s (%s, seat %d)", oneLine(self.Name), oneLine(self.Role), seat)))
			out = append(out, para("Goal: "+self.Goal, w, 2, st.setting)...)
			if self.Secret != "" {
				out = append(out, para("Secret: "+self.Secret, w, 2, st.setting)...)
			}
			for _, f := range self.Facts {
				out = append(out, para("• "+f.Text, w, 2, st.setting)...)
			}
			if h := self.Holding; h != nil && h.Summary() != "" {
				out = append(out, para("• "+h.Summary()+" (see the prompt audit, p)", w, 2, st.setting)...)
			}
		}
		if len(sc.EnvFacts) > 0 {
			out = append(out, "", st.title.Render("Known to neither seat"))
			for _, f := range sc.EnvFacts {
				out = append(out, para("• "+f.Text, w, 2, st.setting)...)
			}
		}
		out = append(out, "", st.title.Render("Which mode gives whom which fact")+st.dim.Render("  (✓ = given, · = not given)"))
		return append(out, factMatrix(sc, w, st)...)
	}}
}

// viewer is one column of the matrix: a mode and who in it.
type viewer struct {
	mode view.Mode
	who  int // a seat or view.Writer
	name string
	view view.View
}

func matrixViewers(sc *scenario.Scenario) []viewer {
	var vs []viewer
	for _, m := range view.Modes {
		for _, who := range view.Viewers(m) {
			name := "writer"
			if who != view.Writer {
				name = firstName(sc.Seats[who].Character.Name)
			}
			vs = append(vs, viewer{m, who, name, view.For(sc, m, who)})
		}
	}
	return vs
}

func factMatrix(sc *scenario.Scenario, w int, st *styles) []string {
	const cw = 8
	vs := matrixViewers(sc)
	// The fact column is as wide as its longest fact, so on a wide
	// screen the marks stay beside the facts they are for.
	widest := 0
	for _, f := range sc.Facts() {
		widest = max(widest, ansi.StringWidth("["+oneLine(sc.OwnerName(f.Owner))+"] "+oneLine(f.Text))+2)
	}
	fw := max(min(w-len(vs)*cw, widest), 12)
	var modes, names strings.Builder
	modes.WriteString(strings.Repeat(" ", fw))
	names.WriteString(strings.Repeat(" ", fw))
	for i := 0; i < len(vs); {
		span := 1
		for i+span < len(vs) && vs[i+span].mode == vs[i].mode {
			span++
		}
		modes.WriteString(st.title.Render(center(vs[i].mode.Label(), span*cw)))
		for _, v := range vs[i : i+span] {
			names.WriteString(st.dim.Render(center(ansi.Truncate(v.name, cw-1, "…"), cw)))
		}
		i += span
	}
	out := []string{modes.String(), names.String()}
	for _, f := range sc.Facts() {
		var row strings.Builder
		row.WriteString(fit(st.dim.Render("["+oneLine(sc.OwnerName(f.Owner))+"]")+" "+oneLine(f.Text), fw))
		for _, v := range vs {
			if v.view.Knows(f) {
				row.WriteString(st.good.Render(center("✓", cw)))
			} else {
				row.WriteString(st.dim.Render(center("·", cw)))
			}
		}
		out = append(out, row.String())
	}
	return out
}

// firstName shortens a name for a matrix column.
func firstName(name string) string {
	if f := strings.Fields(oneLine(name)); len(f) > 0 {
		return f[0]
	}
	return ""
}

// center pads s to w cells, centred.
func center(s string, w int) string {
	gap := max(w-ansi.StringWidth(s), 0)
	return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
}
