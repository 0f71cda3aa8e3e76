package tui

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// auditDoc is the `p` panel for one pane: exactly what the SCRIPT writer,
// or each seat, was given, rendered from its View.
func auditDoc(sc *scenario.Scenario, mode view.Mode, backends [2]string, st *styles) *doc {
	return &doc{title: "Prompt audit · " + mode.Label(), build: func(w int) []string {
		var out []string
		if mode == view.Script {
			out = append(out, st.title.Render(fmt.Sprintf("The writer (%s) writes both seats and is given:", oneLine(backends[0]))), "")
			return append(out, para(view.For(sc, mode, view.Writer).Render(), w, 2, st.setting)...)
		}
		for seat := range 2 {
			if seat > 0 {
				out = append(out, "")
			}
			head := fmt.Sprintf("%s (%s, seat %d; %s) is given:", oneLine(sc.Seats[seat].Character.Name), oneLine(sc.Seats[seat].Role), seat, oneLine(backends[seat]))
			out = append(out, st.seat[seat].Render(head), "")
			out = append(out, para(view.For(sc, mode, seat).Render(), w, 2, st.setting)...)
		}
		return out
	}}
}
