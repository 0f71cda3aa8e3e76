package scenario

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestCloneSharesNothing(t *testing.T) {
	files := map[string][]byte{}
	for _, path := range []string{"../../scenarios/craigslist-road-bike.yaml", "../../scenarios/mutualfriends-alumni-mixer.yaml",
		"../../scenarios/sotopia-team-lead.yaml", "../family/dealornodeal/testdata/books.yaml"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(path)] = data
	}
	for name, data := range files {
		sc, err := Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		c := sc.Clone()
		if !reflect.DeepEqual(sc, c) {
			t.Fatalf("%s: the clone differs", name)
		}
		// Change everything reachable in the clone; the original must not move.
		c.Seats[0].Character.Name = "X"
		for _, fs := range [][]Fact{c.Seats[0].Facts, c.Seats[1].Facts, c.EnvFacts, c.PublicFacts} {
			for i := range fs {
				fs[i].ID = "x"
				if len(fs[i].Phrases) > 0 {
					fs[i].Phrases[0] = "x"
				}
				if fs[i].Number != nil {
					*fs[i].Number = -1
				}
			}
		}
		if c.Data != nil {
			scramble(reflect.ValueOf(c.Data))
		}
		again, _ := Parse(name, data)
		if !reflect.DeepEqual(sc, again) {
			t.Fatalf("%s: changing the clone changed the original", name)
		}
		if c.Data != nil && reflect.DeepEqual(c.Data, sc.Data) {
			t.Fatalf("%s: the family data was not changed, so the test shows nothing", name)
		}
	}
}

// scramble changes every string, number and map entry v reaches, as a
// careless holder of a copy would.
func scramble(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			scramble(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			scramble(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scramble(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			scramble(e)
			v.SetMapIndex(k, e)
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(v.String() + "x")
		}
	case reflect.Int:
		if v.CanSet() {
			v.SetInt(v.Int() - 1)
		}
	case reflect.Float64:
		if v.CanSet() {
			v.SetFloat(-1)
		}
	}
}
