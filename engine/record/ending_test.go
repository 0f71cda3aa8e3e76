package record

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

// decodeEnding reads every ending encoding/json reads as event.Ending
// reads it, but for the outcome's terms; the fuzzer starts from the
// shipped recordings' footers.
func FuzzDecodeEnding(f *testing.F) {
	files, _ := filepath.Glob("../../recordings/*.jsonl")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		var footer struct{ Ending json.RawMessage }
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &footer); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(footer.Ending))
	}
	for _, s := range []string{
		`{"reason":"left","turns":3,"metrics":{"a":1e3,"b":-0.5,"c":0},"notes":{"x":"y\u00e9\n"},"outcome":{"summary":"s","reading":{}}}`,
		`{"metrics":{"a":1.},"turns":1}`, `{"metrics":{"a":01}}`, `{"metrics":{"a":1e999}}`, `{"notes":{"\u0061":"\ud800"}}`,
		`{"reason":"x","usage":{"prompt":3},"retries":{"reask":1},"cache":{"hits":2,"misses":0}}`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var want event.Ending
		wantErr := json.Unmarshal(b, &want)
		got, err := decodeEnding(b)
		if wantErr != nil || string(b) == "null" {
			return // what encoding/json refuses may read here, unchecked
		}
		if err != nil {
			t.Fatalf("%q: %v; encoding/json reads %+v", b, err, want)
		}
		want.Outcome.Terms = nil
		if !reflect.DeepEqual(*got, want) {
			t.Fatalf("%q: read as\n%+v\nwant\n%+v", b, *got, want)
		}
	})
}
