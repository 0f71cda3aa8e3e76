package config

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Layer is what one source sets: the config file, the environment or the
// command line. Only the settings it was given count; the rest of its
// Config is ignored by Merge.
type Layer struct {
	Config
	given map[string]origin // by key
}

// origin is where a layer's setting came from: a flag or an environment
// variable by name, or a place in the config file.
type origin struct {
	name string               // "--temperature", "OPENAI_BASE_URL"
	at   *scenario.FieldError // the value's place in a config file
}

// problem is an error about the setting's value, named after its origin:
// "--temperature 3: want 0 to 2", "config.yaml:4:14: temperature: 3:
// want 0 to 2".
func (o origin) problem(msg string) error {
	if o.at != nil {
		fe := *o.at
		fe.Msg = msg
		return fe
	}
	return fmt.Errorf("%s %s", o.name, msg)
}

// Given marks the setting key as given by the source named (a flag such
// as "--model", an environment variable), its value being the one in
// l.Config. Text and lists left empty count as not given, as they always
// have. An unknown key panics: callers take keys from Keys.
func (l *Layer) Given(key, source string) {
	l.give(key, origin{name: source})
}

func (l *Layer) give(key string, o origin) {
	f, ok := fieldByKey(key)
	if !ok {
		panic(fmt.Sprintf("config: no setting %q", key))
	}
	if v := reflect.ValueOf(l.Config).Field(f.index); (v.Kind() == reflect.String || v.Kind() == reflect.Slice) && v.Len() == 0 {
		return
	}
	if l.given == nil {
		l.given = map[string]origin{}
	}
	l.given[key] = o
}

// Keys are every setting's key, in the order of Config's fields.
func Keys() []string {
	keys := make([]string, len(fields))
	for i, f := range fields {
		keys[i] = f.key
	}
	return keys
}

// Check checks every value the layer was given, and names the origin of
// each one that is wrong.
func (l Layer) Check() error {
	v := reflect.ValueOf(l.Config)
	var errs []error
	for _, f := range fields {
		o, ok := l.given[f.key]
		if !ok {
			continue
		}
		if msg := f.check(v.Field(f.index)); msg != "" {
			errs = append(errs, o.problem(msg))
		}
	}
	return errors.Join(errs...)
}

// Merge lays the layers, lowest first, over the defaults: each setting
// has the value of the highest layer given it. An endpoint is taken as a
// unit: a layer that names one (a provider, a base URL) replaces the
// endpoint settings below it, the key variable included, so that a key
// named for one server never goes to another.
func Merge(layers ...Layer) Config {
	out := Defaults()
	dst := reflect.ValueOf(&out).Elem()
	for _, l := range layers {
		src := reflect.ValueOf(l.Config)
		if l.namesEndpoint() {
			for _, f := range fields {
				if f.endpoint != "" {
					dst.Field(f.index).SetZero()
				}
			}
		}
		for _, f := range fields {
			if _, ok := l.given[f.key]; ok {
				dst.Field(f.index).Set(src.Field(f.index))
			}
		}
	}
	return out
}

func (l Layer) namesEndpoint() bool {
	for _, f := range fields {
		if _, ok := l.given[f.key]; ok && f.endpoint == "name" {
			return true
		}
	}
	return false
}

// field is one setting of Config, read from its tags once.
type field struct {
	index    int
	key      string
	endpoint string // "name", "key" or ""
	rule     string // the check tag
	lo, hi   float64
	bounded  bool // lo and hi come from a range tag
}

var fields = func() []field {
	var out []field
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		sf := t.Field(i)
		key := sf.Tag.Get("yaml")
		if key == "-" {
			continue
		}
		f := field{index: i, key: key, endpoint: sf.Tag.Get("endpoint"), rule: sf.Tag.Get("check")}
		if r := sf.Tag.Get("range"); r != "" {
			if _, err := fmt.Sscanf(r, "%g,%g", &f.lo, &f.hi); err != nil {
				panic(fmt.Sprintf("config: %s: range %q: %v", key, r, err))
			}
			f.bounded = true
		}
		if _, ok := nodeTypes[sf.Type]; !ok {
			panic(fmt.Sprintf("config: %s: a setting of type %s cannot be read from a file", key, sf.Type))
		}
		if f.rule != "" && rules[f.rule] == nil {
			panic(fmt.Sprintf("config: %s: no check %q", key, f.rule))
		}
		out = append(out, f)
	}
	return out
}()

func fieldByKey(key string) (field, bool) {
	for _, f := range fields {
		if f.key == key {
			return f, true
		}
	}
	return field{}, false
}
