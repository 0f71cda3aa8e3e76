package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/omnigap/omnigap/engine/jsonw"
	"github.com/omnigap/omnigap/engine/textsafe"
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
	// Reading says how the outcome of a dialogue played without the
	// family's moves (one recorded elsewhere, in words only) was known:
	// read from the words by a rule, or not at all. Nil when the
	// family's rules settled it from the moves, as in every run omnigap
	// plays.
	Reading *Reading `json:"reading,omitempty"`
}

// Reading is how the outcome of a dialogue in words was known.
type Reading struct {
	// Rule names the rule that read the outcome from the words; empty
	// when no rule could read it.
	Rule string `json:"rule,omitempty"`
	// Turn is the number of the turn whose words settled the outcome
	// (the acceptance of a deal); 0 when none did.
	Turn int `json:"turn,omitempty"`
	// NotMeasured says why the measures that follow from the outcome's
	// terms have no figure (no rule could read them); empty when they
	// were measured.
	NotMeasured string `json:"not_measured,omitempty"`
}

// Unread is the reason the outcome's terms were not measured, or "":
// the Reading's NotMeasured.
func (o Outcome) Unread() string {
	if o.Reading == nil {
		return ""
	}
	return o.Reading.NotMeasured
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
// value writes, in key order.
type termsKind struct {
	typ  reflect.Type
	key  string
	zero []member
}

// member is one member of a JSON object: its key and its value as JSON.
type member struct {
	key, value []byte
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
	b, err := json.Marshal(zero)
	if err != nil {
		panic(fmt.Sprintf("event: terms %T: %v", zero, err))
	}
	var members []member
	if err := eachMember(b, func(key, value []byte) error {
		members = append(members, member{key: key, value: value})
		return nil
	}); err != nil {
		panic(fmt.Sprintf("event: terms %T must write a JSON object: %v", zero, err))
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

// zeroOf is what the zero terms of a kind write under its key, nil when
// they leave it out.
func zeroOf(k termsKind) []byte {
	for _, m := range k.zero {
		if string(m.key) == k.key {
			return m.value
		}
	}
	return nil
}

// MarshalJSON writes the outcome as AppendJSON does.
func (o Outcome) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil) }

// AppendJSON appends the outcome as one object of members in key order,
// as encoding/json writes a map: every registered family's terms (the
// outcome's own as they are, the others at their zero value), the
// reading (when there is one), success (when true) and the summary. Text is escaped as textsafe.EscapeJSON
// does, so the bytes go into a recording as they are.
func (o Outcome) AppendJSON(dst []byte) ([]byte, error) {
	var buf [12]member
	members := buf[:0]
	var ownType reflect.Type
	if o.Terms != nil {
		ownType = reflect.TypeOf(o.Terms)
		own, err := json.Marshal(o.Terms)
		if err != nil {
			return dst, err
		}
		if err := eachMember(textsafe.EscapeJSON(own), func(key, value []byte) error {
			members = append(members, member{key: key, value: value})
			return nil
		}); err != nil {
			return dst, fmt.Errorf("terms %T: %w", o.Terms, err)
		}
	}
	owned := len(members)
	termsMu.RLock()
	kinds := termsKinds
	termsMu.RUnlock()
	for _, k := range kinds {
		if k.typ == ownType {
			continue
		}
		for _, m := range k.zero {
			if !slices.ContainsFunc(members[:owned], func(o member) bool { return bytes.Equal(o.key, m.key) }) {
				members = append(members, m)
			}
		}
	}
	if o.Reading != nil {
		r, err := json.Marshal(o.Reading)
		if err != nil {
			return dst, err
		}
		members = append(members, member{key: []byte("reading"), value: textsafe.EscapeJSON(r)})
	}
	if o.Success {
		members = append(members, member{key: []byte("success"), value: []byte("true")})
	}
	members = append(members, member{key: []byte("summary")}) // its value is written below
	slices.SortStableFunc(members, func(a, b member) int { return bytes.Compare(a.key, b.key) })
	dst = append(dst, '{')
	for i, m := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(jsonw.StringBytes(dst, m.key), ':')
		if m.value == nil {
			dst = jsonw.String(dst, o.Summary)
			continue
		}
		dst = append(dst, m.value...)
	}
	return append(dst, '}'), nil
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
	if raw, ok := m["reading"]; ok && !settledNothing(raw, nil) {
		out.Reading = &Reading{}
		if err := json.Unmarshal(raw, out.Reading); err != nil {
			return fmt.Errorf("reading: %w", err)
		}
	}
	termsMu.RLock()
	kinds := termsKinds
	termsMu.RUnlock()
	for _, k := range kinds {
		raw, ok := m[k.key]
		if !ok || settledNothing(raw, zeroOf(k)) {
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
