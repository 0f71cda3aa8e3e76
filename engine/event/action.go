// Package event defines what a run emits: the turns, their actions, the
// annotations on them and how the run ended. Live runs, headless batches and
// replays all speak these types.
package event

// ActionType is what a turn does besides (or instead of) speaking.
type ActionType string

const (
	Speak     ActionType = "speak"
	NonVerbal ActionType = "non-verbal"
	Act       ActionType = "action"
	Offer     ActionType = "offer"
	Accept    ActionType = "accept"
	Reject    ActionType = "reject"
	Select    ActionType = "select"
	Leave     ActionType = "leave"
	None      ActionType = "none" // an empty turn
)

// ActionTypes lists every action type in a stable order.
var ActionTypes = []ActionType{Speak, NonVerbal, Act, Offer, Accept, Reject, Select, Leave, None}

// Action is one turn's move: the words said and, for a structured move,
// its argument (a price for an offer, a friend's name for a select, the
// items the mover takes in Deal-or-No-Deal), in the type of the family
// that makes the move.
type Action struct {
	Type ActionType `json:"type"`
	Text string     `json:"text,omitempty"`
	// Arg is the move's argument; nil for none. A recording keeps it
	// under its kind's key (Arg.Key), beside the type and the text.
	Arg Arg `json:"-"`
}

// Empty reports whether the turn said and did nothing.
func (a Action) Empty() bool {
	return (a.Type == None || a.Type == Speak || a.Type == "") && a.Text == ""
}
