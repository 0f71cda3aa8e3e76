package llm

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
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
	Price      json.RawMessage `json:"price"`
	Friend     string          `json:"friend"`
	Name       string          `json:"name"`
	Split      json.RawMessage `json:"split"`
	Take       json.RawMessage `json:"take"`
	Proposal   json.RawMessage `json:"proposal"`
	// fields are the object's members by name (a nested action's too),
	// where a split may be given as one member per item.
	fields map[string]json.RawMessage
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
		if err := json.Unmarshal(w.Action, &inner.fields); err != nil {
			return "", err
		}
		innerName, err := inner.flatten()
		if w.fields == nil {
			w.fields = map[string]json.RawMessage{}
		}
		for k, v := range inner.fields {
			if _, ok := w.fields[k]; !ok {
				w.fields[k] = v
			}
		}
		w.Text = firstNonEmpty(w.Text, inner.Text, inner.Utterance, inner.Argument)
		if len(w.Price) == 0 {
			w.Price = inner.Price
		}
		w.Friend = firstNonEmpty(w.Friend, inner.Friend, inner.Name)
		w.Split = firstRaw(w.Split, w.Take, w.Proposal, inner.Split, inner.Take, inner.Proposal)
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
	if err := json.Unmarshal(fixed, &w.fields); err != nil {
		return event.Action{}, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
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
	switch move.Arg {
	case family.PriceArg:
		p, ok := parsePrice(w.Price, move, v)
		if !ok {
			return event.Action{}, fmt.Errorf(`an offer needs a positive "price" in dollars`)
		}
		a.Price = &p
	case family.FriendArg:
		got, err := move.Read(firstNonEmpty(w.Friend, w.Name), v, v.Self().Seat)
		if err != nil {
			return event.Action{}, fmt.Errorf(`"friend" must be a name from your own friend list`)
		}
		a.Friend = got.Friend
	case family.SplitArg:
		arg := splitArg(&w, v)
		if arg == "" {
			return event.Action{}, fmt.Errorf(`%q needs "split": what you take of each item, e.g. %s`, a.Type, splitExample(v))
		}
		got, err := move.Read(arg, v, v.Self().Seat)
		if err != nil {
			return event.Action{}, fmt.Errorf(`"split" cannot be used: %v; give what you take of each item, e.g. %s`, err, splitExample(v))
		}
		a.Split = got.Split
	}
	if a.Type == event.Speak && a.Text == "" {
		return event.Action{}, fmt.Errorf(`"speak" needs a non-empty "text"`)
	}
	return a, nil
}

// allowedNow refuses a move of seat that the dialogue so far leaves
// nothing to do, by the family's rule (family.Move.Allowed).
func allowedNow(a event.Action, v view.View, seat int, history []run.Turn) error {
	move, ok := family.ModelMove(family.Of(v.Family), a.Type)
	if !ok || move.Allowed == nil {
		return nil
	}
	return move.Allowed(v, seat, run.FamilyTurns(history))
}

// splitArg is the text of what a proposal or selection takes: the
// "split" member (an object of counts, or text such as "book=2 hat=0"),
// or else the members that name items on the table. The family's reader
// reads either.
func splitArg(w *wireAction, v view.View) string {
	raw := firstRaw(w.Split, w.Take, w.Proposal)
	if len(raw) == 0 {
		var parts []string
		for _, it := range v.Items {
			for _, key := range []string{it.Name, scenario.Plural(it.Name, 2)} {
				if n, ok := w.fields[key]; ok {
					parts = append(parts, key+"="+string(n))
				}
			}
		}
		return strings.Join(parts, " ")
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return text
	}
	var counts map[string]json.RawMessage
	if json.Unmarshal(raw, &counts) != nil {
		return string(raw)
	}
	names := make([]string, 0, len(counts))
	for k := range counts {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + string(counts[k])
	}
	return strings.Join(parts, " ")
}

// splitExample shows a split of the items on the table as JSON.
func splitExample(v view.View) string {
	parts := make([]string, len(v.Items))
	for i, it := range v.Items {
		parts[i] = fmt.Sprintf("%q: %d", it.Name, it.Count/2)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// firstRaw is the first JSON value given, null counting as none.
func firstRaw(raws ...json.RawMessage) json.RawMessage {
	for _, r := range raws {
		if t := strings.TrimSpace(string(r)); t != "" && t != "null" {
			return r
		}
	}
	return nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}

// parsePrice reads a JSON number, or a string such as "$1,200" the way
// the move reads a price.
func parsePrice(raw json.RawMessage, move family.Move, v view.View) (float64, bool) {
	var n float64
	if err := json.Unmarshal(raw, &n); err == nil {
		return n, n > 0
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, false
	}
	got, err := move.Read(s, v, v.Self().Seat)
	if err != nil {
		return 0, false
	}
	return *got.Price, true
}
