// Package shape encodes a struct that holds one value of a type chosen at
// run time (a family's data in a scenario, a move's argument in an
// action) as if the struct had a typed field per registered type, each
// under its own key. encoding/json and the YAML codec read and write that
// shaped struct by their usual rules (field order, omitempty, unknown
// keys, error positions), so files keep the layout they had when such
// fields were written out in the struct itself, and the struct names no
// type that only one family knows.
package shape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Kind is one type the slot may hold and the key it is written under.
type Kind struct {
	Key  string
	Type reflect.Type
}

// Kinds are the registered kinds of one struct's slot: the field of
// interface type that holds a value of one of them. Register kinds while
// the program starts (in init); Shape builds the shaped type they make.
type Kinds struct {
	base  reflect.Type
	slot  string
	mu    sync.Mutex
	kinds []Kind
	shape atomic.Pointer[Shape]
}

// For starts the kinds of the slot field of base, a struct type.
func For(base reflect.Type, slot string) *Kinds {
	if f, ok := base.FieldByName(slot); !ok || f.Type.Kind() != reflect.Interface {
		panic(fmt.Sprintf("shape: %s has no interface field %s", base, slot))
	}
	return &Kinds{base: base, slot: slot}
}

// Add registers a kind. Registering it again changes nothing; a key or a
// type registered with another panics.
func (k *Kinds) Add(key string, t reflect.Type) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, o := range k.kinds {
		if o.Key == key && o.Type == t {
			return
		}
		if o.Key == key || o.Type == t {
			panic(fmt.Sprintf("shape: %s.%s: %s under %q clashes with %s under %q", k.base.Name(), k.slot, t, key, o.Type, o.Key))
		}
	}
	if key == "" {
		panic(fmt.Sprintf("shape: %s.%s: %s has an empty key", k.base.Name(), k.slot, t))
	}
	k.kinds = append(k.kinds, Kind{Key: key, Type: t})
	slices.SortFunc(k.kinds, func(a, b Kind) int { return strings.Compare(a.Key, b.Key) })
	k.shape.Store(nil)
}

// Key returns the key of the kind of value v, if one is registered.
func (k *Kinds) Key(v any) (string, bool) {
	s := k.Shape()
	if i := s.kindOf(reflect.TypeOf(v)); i >= 0 {
		return s.kinds[i].Key, true
	}
	return "", false
}

// DecodeJSON decodes raw, the JSON value of a member named key, into a
// new value of the kind registered under key (matched as encoding/json
// matches a field's name: exactly, else without regard to case). known
// is false when no kind has the key; null decodes to nil.
func (k *Kinds) DecodeJSON(key []byte, raw []byte) (v any, known bool, err error) {
	s := k.Shape()
	i := slices.IndexFunc(s.kinds, func(kind Kind) bool { return kind.Key == string(key) })
	if i < 0 {
		i = slices.IndexFunc(s.kinds, func(kind Kind) bool { return bytes.EqualFold([]byte(kind.Key), key) })
	}
	if i < 0 {
		return nil, false, nil
	}
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil, true, nil
	}
	t := s.kinds[i].Type
	p := reflect.New(t)
	if t.Kind() == reflect.Pointer {
		p = reflect.New(t.Elem())
	}
	if err := json.Unmarshal(raw, p.Interface()); err != nil {
		return nil, true, err
	}
	if t.Kind() == reflect.Pointer {
		return p.Interface(), true, nil
	}
	return p.Elem().Interface(), true, nil
}

// Shape returns the shaped type of the kinds registered so far.
func (k *Kinds) Shape() *Shape {
	if s := k.shape.Load(); s != nil {
		return s
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	s := build(k.base, k.slot, slices.Clone(k.kinds))
	k.shape.Store(s)
	return s
}

// Shape is a struct type made of base's exported fields, in order, with
// the slot field replaced by one pointer field per kind, tagged with the
// kind's key for JSON and YAML and omitted when nil.
type Shape struct {
	typ   reflect.Type
	slot  int // the slot's index in base
	kinds []Kind
	// from[i] is the index in base of the shaped type's field i, or
	// -1-k for kind k's field.
	from []int
}

func build(base reflect.Type, slot string, kinds []Kind) *Shape {
	s := &Shape{kinds: kinds}
	var fields []reflect.StructField
	for i := range base.NumField() {
		f := base.Field(i)
		switch {
		case f.Name == slot:
			s.slot = i
			for k, kind := range kinds {
				tag := fmt.Sprintf(`json:"%s,omitempty" yaml:"%s,omitempty"`, kind.Key, kind.Key)
				fields = append(fields, reflect.StructField{Name: "Kind" + strconv.Itoa(k), Type: pointer(kind.Type), Tag: reflect.StructTag(tag)})
				s.from = append(s.from, -1-k)
			}
		case f.IsExported():
			fields = append(fields, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
			s.from = append(s.from, i)
		}
	}
	s.typ = reflect.StructOf(fields)
	return s
}

// pointer is the type of a kind's field: the kind's own type when it is
// a pointer, else a pointer to it, so that only an absent value is
// omitted.
func pointer(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t
	}
	return reflect.PointerTo(t)
}

func (s *Shape) kindOf(t reflect.Type) int {
	return slices.IndexFunc(s.kinds, func(k Kind) bool { return k.Type == t })
}

// New returns a pointer to a zero shaped value, to decode into.
func (s *Shape) New() any { return reflect.New(s.typ).Interface() }

// Out returns a pointer to a shaped copy of the struct v points to, with
// the slot's value, if it holds one, in its kind's field. A value of no
// registered kind is an error.
func (s *Shape) Out(v any) (any, error) {
	src := reflect.ValueOf(v).Elem()
	out := reflect.New(s.typ)
	dst := out.Elem()
	for i, from := range s.from {
		if from >= 0 {
			dst.Field(i).Set(src.Field(from))
		}
	}
	slot := src.Field(s.slot)
	if slot.IsNil() {
		return out.Interface(), nil
	}
	val := slot.Elem()
	k := s.kindOf(val.Type())
	if k < 0 {
		return nil, fmt.Errorf("%s: a value of type %s is not of a registered kind", src.Type().Field(s.slot).Name, val.Type())
	}
	field := dst.Field(slices.Index(s.from, -1-k))
	if val.Kind() == reflect.Pointer {
		field.Set(val)
	} else {
		field.Set(reflect.New(val.Type()))
		field.Elem().Set(val)
	}
	return out.Interface(), nil
}

// In copies the shaped value p points to into the struct v points to and
// returns the values its kinds' fields hold, in key order. The slot is
// left as it was: which of the values it takes is the caller's choice.
func (s *Shape) In(p, v any) []any {
	src := reflect.ValueOf(p).Elem()
	dst := reflect.ValueOf(v).Elem()
	var set []any
	for i, from := range s.from {
		f := src.Field(i)
		switch {
		case from >= 0:
			dst.Field(from).Set(f)
		case !f.IsNil() && s.kinds[-1-from].Type.Kind() == reflect.Pointer:
			set = append(set, f.Interface())
		case !f.IsNil():
			set = append(set, f.Elem().Interface())
		}
	}
	return set
}
