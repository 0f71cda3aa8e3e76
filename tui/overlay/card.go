package overlay

import (
	"strings"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// cardWidth is the widest the card is drawn: lines of prose and tables
// stretched over a wider screen read worse.
const cardWidth = 120

// Card is the `c` panel: the simulation card of recs (the runs on screen
// as their recordings would hold them so far) with the people's ratings
// rated joins to them (nil for none), the same Markdown omnigap card
// writes, rendered (ui.Markdown).
func Card(c ui.Common, recs []*record.Recording, rated *people.Study) *panel.Panel {
	var b strings.Builder
	if err := card.Write(&b, recs); err != nil {
		b.WriteString(err.Error())
	}
	if err := rated.WriteCard(&b, recs); err != nil {
		b.WriteString(err.Error())
	}
	text := b.String()
	return panel.New(c, "Simulation card (as omnigap card writes it)", func(w int) []string {
		return ui.Markdown(text, min(w, cardWidth), c.Styles)
	})
}
