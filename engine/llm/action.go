package llm

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// wireAction is the JSON an agent answers with. Several spellings are
// accepted because models drift from the requested one.
type wireAction struct {
	Action     json.RawMessage `json:"action"` // a name, or a nested action object
	Type       string          `json:"type"`
	ActionType string          `json:"action_type"` // Sotopia's shape
	Text       string          `json:"text"`
	Utterance  string          `json:"utterance"`
	Argument   string          `json:"argument"` // Sotopia's shape
	// objects are the reply's members by name, then those of a nested
	// action object, where the family reads a move's argument from.
	objects []map[string]json.RawMessage
}

// flatten reads a nested {"action": {"type": ..., "text": ...}} into w.
func (w *wireAction) flatten() (name string, err error) {
	raw := strings.TrimSpace(string(w.Action))
	switch {
	case raw == "" || raw == "null":
		return firstNonEmpty(w.Type, w.ActionType), nil
	case raw[0] == '"':
		err := json.Unmarshal(w.Action, &name)
		return name, err
	case raw[0] == '{':
		var inner wireAction
		if err := json.Unmarshal(w.Action, &inner); err != nil {
			return "", err
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(w.Action, &members); err != nil {
			return "", err
		}
		inner.objects = []map[string]json.RawMessage{members}
		innerName, err := inner.flatten()
		w.objects = append(w.objects, inner.objects...)
		w.Text = firstNonEmpty(w.Text, inner.Text, inner.Utterance, inner.Argument)
		return firstNonEmpty(innerName, w.Type, w.ActionType), err
	}
	return "", fmt.Errorf(`"action" must be a name such as "speak"`)
}

// actionAliases maps spellings models use to action types.
var actionAliases = map[string]event.ActionType{
	"speak": event.Speak, "say": event.Speak, "talk": event.Speak, "speech": event.Speak, "message": event.Speak,
	"non-verbal": event.NonVerbal, "nonverbal": event.NonVerbal, "non verbal": event.NonVerbal,
	"non-verbal communication": event.NonVerbal, "gesture": event.NonVerbal,
	"action": event.Act, "act": event.Act, "physical action": event.Act,
	"leave": event.Leave, "none": event.None, "nothing": event.None, "silence": event.None,
	"offer": event.Offer, "make offer": event.Offer, "propose": event.Offer,
	"accept": event.Accept, "reject": event.Reject, "decline": event.Reject,
	"select": event.Select, "choose": event.Select, "select friend": event.Select,
}

// parseAction reads an agent's reply into an action, checking it against
// what the view allows. The error says what to fix, for the re-ask.
func parseAction(reply string, v view.View) (event.Action, error) {
	obj, err := extractObject(reply)
	if err != nil {
		if said, ok := plainSpeech(withoutOwnLabel(reply, v)); ok {
			return event.Action{Type: event.Speak, Text: said}, nil
		}
		return event.Action{}, err
	}
	var w wireAction
	fixed := []byte(lenientJSON(obj))
	if err := json.Unmarshal(fixed, &w); err != nil {
		return event.Action{}, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(fixed, &members); err != nil {
		return event.Action{}, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
	w.objects = []map[string]json.RawMessage{members}
	raw, err := w.flatten()
	if err != nil {
		return event.Action{}, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
	a := event.Action{Text: strings.TrimSpace(firstNonEmpty(w.Text, w.Utterance, w.Argument))}
	name := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(raw, "_", " ")))
	switch t, ok := actionAliases[name]; {
	case name == "" && a.Text != "":
		a.Type = event.Speak
	case !ok:
		return event.Action{}, fmt.Errorf("unknown action %q", name)
	default:
		a.Type = t
	}
	move, ok := family.ModelMove(family.Of(v.Family), a.Type)
	if !ok {
		return event.Action{}, fmt.Errorf("action %q is not allowed here", a.Type)
	}
	if move.Arg != nil {
		arg, err := move.Arg.Reply(family.Reply{Objects: w.objects}, v, v.Self().Seat)
		if err != nil {
			return event.Action{}, err
		}
		a.Arg = arg
	}
	if a.Type == event.Speak && a.Text == "" {
		return event.Action{}, fmt.Errorf(`"speak" needs a non-empty "text"`)
	}
	return a, nil
}

// allowedNow refuses a move of seat that the dialogue so far leaves
// nothing to do, by the family's rule (family.Move.Allowed).
func allowedNow(a event.Action, v view.View, seat int, history []event.Turn) error {
	move, ok := family.ModelMove(family.Of(v.Family), a.Type)
	if !ok || move.Allowed == nil {
		return nil
	}
	return move.Allowed(v, seat, run.FamilyTurns(history))
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}
