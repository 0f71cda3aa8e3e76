package overlay

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// Own is what the player sees instead of a panel that shows both sides
// before their game ends: their own View, exactly what an AGENTS bot in
// their seat would be given, and the moves.
func Own(c ui.Common, sc *scenario.Scenario, seat int) *panel.Panel {
	v := view.For(sc, view.Agents, seat)
	st := c.Styles
	return panel.New(c, "What you know · "+ui.Line(v.Self().Name), func(w int) []string {
		out := []string{st.Seat[seat].Render(fmt.Sprintf("You play %s (%s, seat %d)", ui.Line(v.Self().Name), ui.Line(v.Self().Role), seat)), ""}
		out = append(out, ui.Para(v.Render(), w, 2, st.Setting)...)
		out = append(out, "", st.Title.Render("Moves"))
		return append(out, ui.Para(human.Help(sc.Family), w, 2, st.Setting)...)
	})
}
