package overlay

import (
	"strings"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// Card is the `c` panel: the simulation card of recs (the runs on screen
// as their recordings would hold them so far), the same Markdown omnigap
// card writes.
func Card(c ui.Common, recs []*record.Recording) *panel.Panel {
	var b strings.Builder
	if err := card.Write(&b, recs); err != nil {
		b.WriteString(err.Error())
	}
	text := b.String()
	return panel.New(c, "Simulation card (as omnigap card writes it)", func(w int) []string {
		var out []string
		for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			style := c.Styles.Setting
			if strings.HasPrefix(l, "#") {
				style = c.Styles.Title
			}
			out = append(out, ui.Para(l, w, 0, style)...)
		}
		return out
	})
}
