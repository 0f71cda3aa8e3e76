package recent

import (
	"errors"
	"testing"
)

// A memo makes each key's value once while the key is among the latest
// keep, makes it again once the key has been dropped, and keeps no error.
func TestMemoKeepsTheLatestKeys(t *testing.T) {
	m := New[string, int](2)
	made := map[string]int{}
	get := func(k string) int {
		v, err := m.Get(k, func() (int, error) { made[k]++; return len(k), nil })
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, k := range []string{"a", "bb", "a", "bb"} {
		if v := get(k); v != len(k) {
			t.Fatalf("%s: %d", k, v)
		}
	}
	if made["a"] != 1 || made["bb"] != 1 {
		t.Fatalf("made %v, want each once", made)
	}
	get("ccc") // drops a, the oldest
	get("a")
	if made["a"] != 2 || made["bb"] != 1 {
		t.Fatalf("made %v, want a again and bb once", made)
	}
	boom := errors.New("boom")
	if _, err := m.Get("x", func() (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if v := get("x"); v != 1 || made["x"] != 1 {
		t.Fatalf("x = %d after an error, made %d times", v, made["x"])
	}
}
