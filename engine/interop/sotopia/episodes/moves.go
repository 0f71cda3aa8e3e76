package episodes

import (
	"regexp"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// moveTag is a structured move as exports write it in speech, its label
// in brackets first ("[offer $530] Deal?", scenario.Tagged).
var moveTag = regexp.MustCompile(`^\[((offer|accept|reject|select)\b[^\]]*)\]\s*(.*)$`)

// moveTypes are the move types a tag's first word names.
var moveTypes = map[string]event.ActionType{"offer": event.Offer, "accept": event.Accept, "reject": event.Reject, "select": event.Select}

// familyMove reads speech that opens with a move's tag as that move, when
// the scenario's family lets models make it and its argument reads; any
// other speech stays speech.
func familyMove(sc *scenario.Scenario, mode view.Mode, seat int, a event.Action) event.Action {
	m := moveTag.FindStringSubmatch(a.Text)
	if a.Type != event.Speak || m == nil {
		return a
	}
	t := moveTypes[m[2]]
	move, ok := family.ModelMove(family.Of(sc.Family), t)
	if !ok {
		return a
	}
	out := event.Action{Type: t, Text: m[3]}
	if move.Arg != nil {
		_, rest, _ := strings.Cut(m[1], " ")
		arg, err := move.Arg.Tag(m[1], rest, view.For(sc, mode, seat), seat)
		if err != nil {
			return a
		}
		out.Arg = arg
	}
	return out
}
