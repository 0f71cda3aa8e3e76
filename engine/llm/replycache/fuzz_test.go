package replycache

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen: a cache file of any content is opened or refused with an
// error naming it, never a panic; one that opens answers and keeps calls,
// and reads back with what it kept.
func FuzzOpen(f *testing.F) {
	f.Add([]byte(""))
	f.Add(header)
	f.Add(append(append([]byte(nil), header...), `{"key":"`+string(make([]byte, 64))+`","model":"m","created":1,"reply":{"deltas":["a"],"text":"a"}}`+"\n"...))
	f.Add([]byte(sqliteMagic + "rest"))
	f.Add(append(append([]byte(nil), header...), `{"key":"00","reply":`...))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "c.cache")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Open(path)
		if err != nil {
			return
		}
		defer c.Close()
		n, err := c.Len(context.Background())
		if err != nil {
			return
		}
		srv := &server{}
		call := c.Layer("p")(srv.call)
		if _, err := call(context.Background(), request("fuzz", 1), func(string) {}); err != nil {
			return // a line appended after Open that cannot be read
		}
		if m, err := c.Len(context.Background()); err != nil || m > n+1 {
			t.Errorf("%d replies before a call, %d (%v) after", n, m, err)
		}
	})
}
