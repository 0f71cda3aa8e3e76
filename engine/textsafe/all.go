package textsafe

import "reflect"

// CleanAll cleans, with Clean, every string that v points to: exported
// fields of structs, elements of slices and arrays, the targets of
// pointers and the keys and values of maps. Importers call it on each record they
// decode, so nothing read from another tool's file carries a control
// character into a scenario, a recording or a terminal.
func CleanAll(v any) {
	cleanValue(reflect.ValueOf(v))
}

func cleanValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			cleanValue(v.Elem())
		}
	case reflect.String:
		if v.CanSet() {
			if s := v.String(); Clean(s) != s {
				v.SetString(Clean(s))
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				cleanValue(f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			cleanValue(v.Index(i))
		}
	case reflect.Map:
		cleanMap(v)
	}
}

// cleanMap cleans a map's keys and values; map entries cannot be set in
// place, so each is cleaned in a copy and stored again.
func cleanMap(m reflect.Value) {
	if m.IsNil() || !m.CanSet() {
		return
	}
	out := reflect.MakeMapWithSize(m.Type(), m.Len())
	iter := m.MapRange()
	for iter.Next() {
		k := reflect.New(m.Type().Key()).Elem()
		k.Set(iter.Key())
		cleanValue(k)
		val := reflect.New(m.Type().Elem()).Elem()
		val.Set(iter.Value())
		cleanValue(val)
		out.SetMapIndex(k, val)
	}
	m.Set(out)
}
