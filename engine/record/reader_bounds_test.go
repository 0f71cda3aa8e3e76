package record

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// endless is a reader of one line that never ends.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.read += len(p)
	return len(p), nil
}

// TestLineCap: a line longer than MaxLineBytes is refused after reading
// just past the cap, naming the line.
func TestLineCap(t *testing.T) {
	head, err := os.ReadFile("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := bytes.Cut(head, []byte("\n"))
	src := &endless{}
	_, err = Decode("r.jsonl", io.MultiReader(bytes.NewReader(append(first, '\n')), src))
	if err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:2: line is longer than") {
		t.Fatalf("got %v", err)
	}
	if src.read > MaxLineBytes+1<<20 {
		t.Fatalf("read %d bytes of the endless line", src.read)
	}
}

// TestDecodeStopsWhenCanceled: a canceled read ends with the context's
// error and the line it reached.
func TestDecodeStopsWhenCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f, err := os.Open("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := DecodeContext(ctx, "r.jsonl", f); !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "r.jsonl:1:") {
		t.Fatalf("got %v", err)
	}
}

// TestHeaderModeIsChecked: a header's mode must be one the app knows, so
// two spellings of one mode cannot become two columns.
func TestHeaderModeIsChecked(t *testing.T) {
	data, err := os.ReadFile("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(data, []byte(`"mode":"agents"`), []byte(`"mode":"Agents "`), 1)
	if _, err := Decode("r.jsonl", bytes.NewReader(bad)); err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:1: mode: ") {
		t.Fatalf("got %v", err)
	}
}

// TestHeaderPersonAndRules: a header whose person or annotation rules this
// omnigap does not know is refused, naming the file, the line and the
// field; a known one reads.
func TestHeaderPersonAndRules(t *testing.T) {
	head, err := os.ReadFile("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := bytes.Cut(head, []byte("\n"))
	for _, c := range []struct{ from, to, field string }{
		{`,"rules":2`, `,"rules":2,"person":"own-side"`, ""},
		{`,"rules":2`, ``, ""},
		{`,"rules":2`, `,"rules":2,"person":"the neighbours"`, "person:"},
		{`,"rules":2`, `,"rules":99`, "rules:"},
	} {
		line := strings.Replace(string(first), c.from, c.to, 1)
		if line == string(first) && c.to != c.from {
			t.Fatalf("the shipped header has no %s", c.from)
		}
		_, err := Decode("r.jsonl", strings.NewReader(line+"\n"))
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.to, err)
		case c.field != "" && (err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:1: "+c.field)):
			t.Errorf("%s: got %v, want an error naming line 1 and %s", c.to, err, c.field)
		}
	}
}
