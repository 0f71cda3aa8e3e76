// Package event defines what a run emits: the turns, their actions, the
// annotations on them and how the run ended. Live runs, headless batches and
// replays all speak these types.
package event

import (
	"fmt"
	"sort"
	"strings"
)

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

// ParseActionType accepts an action type name.
func ParseActionType(s string) (ActionType, error) {
	for _, t := range ActionTypes {
		if string(t) == s {
			return t, nil
		}
	}
	return "", fmt.Errorf("unknown action type %q", s)
}

// Action is one turn's move: the words said and, for structured moves, the
// argument (a price for an offer, a friend's name for a select, and in
// Deal-or-No-Deal the items the mover takes, for a proposal or a select).
type Action struct {
	Type   ActionType     `json:"type"`
	Text   string         `json:"text,omitempty"`
	Price  *float64       `json:"price,omitempty"`
	Friend string         `json:"friend,omitempty"`
	Split  map[string]int `json:"split,omitempty"`
}

// Empty reports whether the turn said and did nothing.
func (a Action) Empty() bool {
	return (a.Type == None || a.Type == Speak || a.Type == "") && a.Text == ""
}

// PriceOf returns a pointer to a copy of v, for Action.Price.
func PriceOf(v float64) *float64 { return &v }

// SplitText writes a Deal-or-No-Deal split as "ball=1 book=2 hat=0"
// (items in name order), or "" when the action has none.
func (a Action) SplitText() string {
	if a.Split == nil {
		return ""
	}
	names := make([]string, 0, len(a.Split))
	for k := range a.Split {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%s=%d", k, a.Split[k])
	}
	return strings.Join(parts, " ")
}
