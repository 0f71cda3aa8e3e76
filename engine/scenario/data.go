package scenario

import (
	"reflect"

	"github.com/omnigap/omnigap/engine/shape"
)

// Data is a family's own part of a scenario (Scenario.Data): a type of
// the family's package, a pointer to a struct, which the family's rules
// check and derive facts from and views show (view.Shown).
type Data interface {
	// Clone returns a deep copy: nothing the copy holds is shared.
	Clone() Data
}

// Section is how a family's data is written in scenario files and
// recordings: under Key, beside the scenario's other keys, decoded into
// what New returns (a pointer to the family's type, which JSON and YAML
// read and write by its field tags). A family without data has a zero
// Section.
type Section struct {
	Key string
	New func() Data
}

// sections are the registered families' data types: Scenario's shape in
// files and recordings.
var sections = shape.For(reflect.TypeFor[Scenario](), "Data")

// sectionOwners says which family each data type belongs to.
var sectionOwners = map[reflect.Type]Family{}

// registerSection makes family f's data readable and writable under its
// key.
func registerSection(f Family, s Section) {
	t := reflect.TypeOf(s.New())
	if t == nil || t.Kind() != reflect.Pointer {
		panic("scenario: family " + string(f) + ": Section.New must return a pointer")
	}
	sections.Add(s.Key, t)
	sectionOwners[t] = f
}

// dataFamily names the family whose data d is, and its key.
func dataFamily(d Data) (Family, string) {
	f := sectionOwners[reflect.TypeOf(d)]
	key, _ := sections.Key(d)
	return f, key
}
