package scenario

import (
	"strings"

	"github.com/omnigap/omnigap/engine/event"
)

// Label names a structured move with its argument: "offer $530",
// "select Jacob Reyes", "offer book=2 hat=0", "says nothing" (the
// argument's own Label). Plain speech has none. Prompts, exports, the
// plain printer and the panes all name moves this way; the friend's and
// items' names are untrusted.
func Label(a event.Action) string {
	switch a.Type {
	case event.Offer:
		if a.Arg != nil {
			return "offer " + argLabel(a)
		}
		return "offer"
	case event.Select:
		if a.Arg != nil {
			return "select " + argLabel(a)
		}
		return "select "
	case event.Accept, event.Reject, event.Leave, event.NonVerbal, event.Act:
		return string(a.Type)
	case event.None:
		return "says nothing"
	}
	return ""
}

// Tagged renders a move as one line: its words after its Label in
// brackets for a move that is more than speech ("[offer $530] Deal?"),
// the tags the script format uses. Prompts and exports show past turns
// this way.
func Tagged(a event.Action) string {
	words := strings.Join(strings.Fields(a.Text), " ")
	if a.Type == event.None {
		words = ""
	}
	label := Label(a)
	if label == "" {
		return words
	}
	return strings.TrimSpace("[" + label + "] " + words)
}

// TextOrdered is an argument of several parts whose label can follow
// the order the move's words say them in ("I take the hat and 2 books":
// "hat=1 book=2"), so that the label and the words read alike.
type TextOrdered interface {
	LabelIn(text string) string
}

// argLabel is a move's argument as its label says it.
func argLabel(a event.Action) string {
	if o, ok := a.Arg.(TextOrdered); ok {
		return o.LabelIn(a.Text)
	}
	return a.Arg.Label()
}
