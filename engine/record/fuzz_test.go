package record

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzDecode: a recording read from any bytes is either read or refused
// with an error naming the file and line; it never panics.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("../../recordings/*.jsonl")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"kind":"header","format":1,"scenario":{"id":"a","family":"craigslist","seats":[{},{}]}}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Decode("r.jsonl", bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "r.jsonl:") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		_ = rec.EndNote()
		_ = rec.Ending()
	})
}
