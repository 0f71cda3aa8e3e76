package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// Outcome is how an episode ended for its family's rules: what they
// settled, whether the pair reached the family's goal, and a summary.
type Outcome struct {
	// Terms are what the family's rules settled (a deal at a price, the
	// friends each side selected, the items each side ends with), in the
	// family's type; nil when they settled nothing.
	Terms   Terms  `json:"-"`
	Success bool   `json:"success,omitempty"`
	Summary string `json:"summary"`
}

// Good reports whether the episode ended well for the pair: in an
// agreement or a success. Panes show such an ending in the good colour.
func (o Outcome) Good() bool { return o.Success || o.Terms != nil && o.Terms.Agreed() }

// Terms are what a family's rules settle at the end of an episode, in a
// type of the family's own: a struct whose JSON members are written in
// the recorded outcome beside "success" and "summary". Each family's
// terms are registered (RegisterTerms).
type Terms interface {
	// Key is the member by which recorded terms are known as this
	// family's: present, and not as the zero terms write it.
	Key() string
	// Agreed reports whether the two sides reached an agreement.
	Agreed() bool
}

// termsKind is a registered type of terms and the members its zero
// value writes.
type termsKind struct {
	typ  reflect.Type
	key  string
	zero map[string]json.RawMessage
}

var (
	termsMu    sync.RWMutex
	termsKinds []termsKind
)

// RegisterTerms makes a family's terms, given by their zero value,
// readable from recordings. Every outcome is written with the members of
// every registered family's terms (the episode's own as settled, the
// others' as their zero values write them), so a recording's outcome has
// one shape whatever the family: new terms should write nothing at their
// zero value. Terms are a struct (not a pointer); a key registered twice
// panics.
func RegisterTerms(zero Terms) {
	members, err := membersOf(zero)
	if err != nil {
		panic(fmt.Sprintf("event: terms %T: %v", zero, err))
	}
	termsMu.Lock()
	defer termsMu.Unlock()
	for _, k := range termsKinds {
		if k.key == zero.Key() || k.typ == reflect.TypeOf(zero) {
			panic(fmt.Sprintf("event: terms %T with key %q registered twice", zero, zero.Key()))
		}
	}
	termsKinds = append(termsKinds, termsKind{typ: reflect.TypeOf(zero), key: zero.Key(), zero: members})
}

// membersOf encodes terms as a JSON object and returns its members.
func membersOf(t Terms) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("terms must encode as a JSON object: %w", err)
	}
	return m, nil
}

// MarshalJSON writes the outcome as one object of members in key order,
// as encoding/json writes a map: every registered family's terms (the
// outcome's own as they are, the others at their zero value), then
// success (when true) and the summary among them.
func (o Outcome) MarshalJSON() ([]byte, error) {
	all := map[string]json.RawMessage{}
	termsMu.RLock()
	kinds := termsKinds
	termsMu.RUnlock()
	for _, k := range kinds {
		if o.Terms != nil && k.typ == reflect.TypeOf(o.Terms) {
			continue
		}
		for key, v := range k.zero {
			all[key] = v
		}
	}
	if o.Terms != nil {
		own, err := membersOf(o.Terms)
		if err != nil {
			return nil, err
		}
		for key, v := range own {
			all[key] = v
		}
	}
	if o.Success {
		all["success"] = json.RawMessage("true")
	}
	summary, err := json.Marshal(o.Summary)
	if err != nil {
		return nil, err
	}
	all["summary"] = summary
	return json.Marshal(all)
}

// UnmarshalJSON reads an outcome; its terms are the registered kind's
// whose key member it holds otherwise than that kind's zero value writes
// it. Members of two kinds' terms are an error.
func (o *Outcome) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	var out Outcome
	if raw, ok := m["success"]; ok {
		if err := json.Unmarshal(raw, &out.Success); err != nil {
			return fmt.Errorf("success: %w", err)
		}
	}
	if raw, ok := m["summary"]; ok {
		if err := json.Unmarshal(raw, &out.Summary); err != nil {
			return fmt.Errorf("summary: %w", err)
		}
	}
	termsMu.RLock()
	kinds := termsKinds
	termsMu.RUnlock()
	for _, k := range kinds {
		raw, ok := m[k.key]
		if !ok || settledNothing(raw, k.zero[k.key]) {
			continue
		}
		if out.Terms != nil {
			return fmt.Errorf("%s and %s: an outcome holds one family's terms", out.Terms.Key(), k.key)
		}
		p := reflect.New(k.typ)
		if err := json.Unmarshal(b, p.Interface()); err != nil {
			return err
		}
		out.Terms = p.Elem().Interface().(Terms)
	}
	*o = out
	return nil
}

// settledNothing reports whether a key member as recorded is what the
// zero terms write, or null.
func settledNothing(raw, zero json.RawMessage) bool {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return false
	}
	return b.String() == "null" || zero != nil && bytes.Equal(b.Bytes(), zero)
}
