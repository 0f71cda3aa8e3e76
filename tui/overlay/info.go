// Package overlay holds the full-screen panels shown over the panes:
// who knows what (i), the prompt audit (p), the simulation card (c), the
// player's own side, the welcome of a served game and the reveal at the
// end of a game. Each is made from the Views and the panes it is handed,
// so what it shows is what the runs were given.
package overlay

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// Info is the `i` panel: the setting, each seat's goal and private facts,
// and which mode gives whom which fact. Everything in it comes from the
// Views, the same ones the backends get.
func Info(c ui.Common, sc *scenario.Scenario) *panel.Panel {
	return panel.New(c, "Who knows what · "+ui.Line(sc.Title), func(w int) []string { return InfoLines(sc, w, c.Styles) })
}

// InfoLines are the info panel's lines at width w.
func InfoLines(sc *scenario.Scenario, w int, st *ui.Styles) []string {
	var out []string
	out = append(out, st.Title.Render("Setting"))
	out = append(out, ui.Para(sc.Setting, w, 2, st.Setting)...)
	out = append(out, ui.Para("Relationship: "+string(sc.Relationship), w, 2, st.Dim)...)
	for seat := range 2 {
		self := view.For(sc, view.Agents, seat).Self()
		out = append(out, "", st.Seat[seat].Render(fmt.Sprintf("%s (%s, seat %d)", ui.Line(self.Name), ui.Line(self.Role), seat)))
		out = append(out, ui.Para("Goal: "+self.Goal, w, 2, st.Setting)...)
		if self.Secret != "" {
			out = append(out, ui.Para("Secret: "+self.Secret, w, 2, st.Setting)...)
		}
		for _, f := range self.Facts {
			out = append(out, ui.Para("• "+f.Text, w, 2, st.Setting)...)
		}
		if h := self.Holding; h != nil && h.Summary() != "" {
			out = append(out, ui.Para("• "+h.Summary()+" (see the prompt audit, p)", w, 2, st.Setting)...)
		}
	}
	if len(sc.EnvFacts) > 0 {
		out = append(out, "", st.Title.Render("Known to neither seat"))
		for _, f := range sc.EnvFacts {
			out = append(out, ui.Para("• "+f.Text, w, 2, st.Setting)...)
		}
	}
	out = append(out, "", st.Title.Render("Which mode gives whom which fact")+st.Dim.Render("  (✓ = given, · = not given)"))
	return append(out, factMatrix(sc, w, st)...)
}

// viewer is one column of the matrix: a mode and who in it.
type viewer struct {
	mode view.Mode
	name string
	view view.View
}

func matrixViewers(sc *scenario.Scenario) []viewer {
	var vs []viewer
	for _, m := range view.Modes {
		for _, who := range view.Viewers(m) {
			name := "writer"
			if who != view.Writer {
				name = ui.FirstName(sc.Seats[who].Character.Name)
			}
			vs = append(vs, viewer{m, name, view.For(sc, m, who)})
		}
	}
	return vs
}

func factMatrix(sc *scenario.Scenario, w int, st *ui.Styles) []string {
	const cw = 8
	vs := matrixViewers(sc)
	// The fact column is as wide as its longest fact, so on a wide
	// screen the marks stay beside the facts they are for.
	widest := 0
	for _, f := range sc.Facts() {
		widest = max(widest, ansi.StringWidth("["+ui.Line(sc.OwnerName(f.Owner))+"] "+ui.Line(f.Text))+2)
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
		modes.WriteString(st.Title.Render(ui.Center(vs[i].mode.Label(), span*cw)))
		for _, v := range vs[i : i+span] {
			names.WriteString(st.Dim.Render(ui.Center(ansi.Truncate(v.name, cw-1, "…"), cw)))
		}
		i += span
	}
	out := []string{modes.String(), names.String()}
	for _, f := range sc.Facts() {
		var row strings.Builder
		row.WriteString(ui.Fit(st.Dim.Render("["+ui.Line(sc.OwnerName(f.Owner))+"]")+" "+ui.Line(f.Text), fw))
		for _, v := range vs {
			if v.view.Knows(f) {
				row.WriteString(st.Good.Render(ui.Center("✓", cw)))
			} else {
				row.WriteString(st.Dim.Render(ui.Center("·", cw)))
			}
		}
		out = append(out, row.String())
	}
	return out
}
