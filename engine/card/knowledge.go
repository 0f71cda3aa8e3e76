package card

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// viewer is one column of the who-knew-what table: a participant of one
// mode and the View it was given.
type viewer struct {
	label string
	view  view.View
}

// viewers lists every participant of the modes (view.Viewers): the
// SCRIPT writer, or one agent or person per seat.
func viewers(sc *scenario.Scenario, modes []view.Mode) []viewer {
	var out []viewer
	for _, m := range modes {
		for _, who := range view.Viewers(m) {
			label := m.Label() + " writer"
			if who != view.Writer {
				label = fmt.Sprintf("%s %s", m.Label(), firstName(sc, who))
			}
			out = append(out, viewer{label, view.For(sc, m, who)})
		}
	}
	return out
}

// row is one line of the table: what the information is and whether a
// View holds it.
type row struct {
	what, owner string
	holds       func(view.View) bool
}

// rows lists each seat's private side, then every fact with an owner.
func rows(sc *scenario.Scenario) []row {
	var out []row
	for seat := range 2 {
		s, name := seat, firstName(sc, seat)
		ch := sc.Seats[seat].Character
		owner := ownerName(sc, scenario.Owner(seat))
		add := func(present bool, what string, holds func(view.SeatView) bool) {
			if present {
				out = append(out, row{name + "'s " + what, owner, func(v view.View) bool { return holds(v.Seats[s]) }})
			}
		}
		add(ch.Public != "", "public profile", func(sv view.SeatView) bool { return sv.Public != "" })
		add(ch.Goal != "", "goal", func(sv view.SeatView) bool { return sv.Goal != "" })
		add(ch.Personality != "", "personality", func(sv view.SeatView) bool { return sv.Personality != "" })
		add(ch.Secret != "", "secret", func(sv view.SeatView) bool { return sv.Secret != "" })
		if data, ok := sc.Data.(view.Shown); ok {
			if h := data.Holding(seat); h != nil {
				add(h.Label() != "", h.Label(), func(sv view.SeatView) bool { return sv.Holding != nil })
			}
		}
	}
	for _, f := range sc.Facts() {
		out = append(out, row{f.Text, ownerName(sc, f.Owner), func(v view.View) bool { return v.Knows(f) }})
	}
	return out
}

// ownerName names who holds a piece of information.
func ownerName(sc *scenario.Scenario, o scenario.Owner) string {
	switch o {
	case scenario.OwnerEnv:
		return "environment"
	case scenario.OwnerPublic:
		return "everyone"
	}
	return fmt.Sprintf("%s (seat %d)", firstName(sc, int(o)), o)
}

func firstName(sc *scenario.Scenario, seat int) string {
	if f := strings.Fields(sc.Seats[seat].Character.Name); len(f) > 0 {
		return text(f[0])
	}
	return fmt.Sprintf("seat %d", seat)
}

// writeKnowledge writes the who-knew-what table: a row per piece of
// information, a column per participant, each cell read from the View
// that participant was given.
func writeKnowledge(b *strings.Builder, sc *scenario.Scenario, modes []view.Mode) {
	vs := viewers(sc, modes)
	b.WriteString("\n### Who knew what\n\nEach cell says whether the View a participant was given (what its prompt was built from) holds the information.\n\n| information | owner |")
	for _, v := range vs {
		fmt.Fprintf(b, " %s |", v.label)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(vs)) + "\n")
	for _, r := range rows(sc) {
		fmt.Fprintf(b, "| %s | %s |", cell(r.what), cell(r.owner))
		for _, v := range vs {
			mark := "no"
			if r.holds(v.view) {
				mark = "yes"
			}
			fmt.Fprintf(b, " %s |", mark)
		}
		b.WriteString("\n")
	}
}
