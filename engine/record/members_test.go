package record

import (
	"bytes"
	"encoding/json"
	"testing"
)

// members finds every member of an object as encoding/json does, on
// whatever JSON object the fuzzer makes up, and never panics on what is
// not one.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{}`, ` { "a" : 1 , "b":[1,{"c":"}"}], "d\"e":"x\\"} `, `{"s":{"id":"x","t":null}}`, `{"a":}`, `[1]`, `{"a":"\u005c"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var want map[string]json.RawMessage
		valid := json.Unmarshal(in, &want) == nil && bytes.HasPrefix(bytes.TrimSpace(in), []byte("{"))
		got := map[string]json.RawMessage{}
		err := members(in, func(key, member, value []byte) {
			if !valid {
				return
			}
			var k string
			if json.Unmarshal(key, &k) != nil {
				t.Fatalf("%q: key %q is no JSON string", in, key)
			}
			if !bytes.HasPrefix(member, key) || !bytes.HasSuffix(member, value) {
				t.Fatalf("%q: member %q is not key %q and value %q", in, member, key, value)
			}
			got[k] = value
		})
		if !valid {
			return
		}
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%q: members %v, want %v", in, got, want)
		}
		for k, v := range want {
			if !bytes.Equal(bytes.TrimSpace(got[k]), bytes.TrimSpace(v)) {
				t.Fatalf("%q: %s is %q, want %q", in, k, got[k], v)
			}
		}
	})
}
