package scenario

import (
	"strings"

	"github.com/omnigap/omnigap/engine/event"
)

// Tagged renders a move as one line: its words after a bracketed tag for
// a move that is more than speech ("[offer $530] Deal?"), the tags the
// script format uses. Prompts and exports show past turns this way.
func Tagged(a event.Action) string {
	tag := ""
	switch a.Type {
	case event.Offer:
		if a.Price != nil {
			tag = "[offer " + Money(*a.Price) + "]"
		}
	case event.Select:
		tag = "[select " + a.Friend + "]"
	case event.NonVerbal, event.Act, event.Accept, event.Reject, event.Leave:
		tag = "[" + string(a.Type) + "]"
	case event.None:
		return "[says nothing]"
	}
	return strings.TrimSpace(tag + " " + strings.Join(strings.Fields(a.Text), " "))
}
