package overlay

import (
	"strings"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/tui/panel"
	"github.com/omnigap/omnigap/tui/ui"
)

// ScoredRun is one pane's run as the scores panel shows it: its label
// and its seats, each with the judges' scores and reasoning and, when
// people rated it, their ratings and reasons.
type ScoredRun struct {
	Label string
	Seats [2]people.Seat
}

// Scores is the `e` panel, the replay's scoreboard of every seat's
// scores: per pane and seat, a table of the seven dimensions with a
// column per automated scorer and per rater, then what each said, as
// the card writes them (people.WriteSeat), rendered (ui.Markdown).
func Scores(c ui.Common, runs []ScoredRun) *panel.Panel {
	var b strings.Builder
	b.WriteString("Each seat's scores on Sotopia's seven dimensions: the judges' (an evaluator's imported with the episode, omnigap's judge), then each rater's (--ratings), raters named as their file names them; what each said follows its table.\n")
	for _, r := range runs {
		for seat, st := range r.Seats {
			people.WriteSeat(&b, r.Label, seat, st)
		}
	}
	text := b.String()
	return panel.New(c, "Scores: the judges and the people", func(w int) []string {
		return ui.Markdown(text, min(w, cardWidth), c.Styles)
	})
}
