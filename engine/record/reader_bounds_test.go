package record

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
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

// TestFileCap: a recording over MaxFileBytes is refused by its size before
// it is read, naming the file and the cap.
func TestFileCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, MaxFileBytes+1); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	for name, read := range map[string]func() error{
		"Read":       func() error { _, err := Read(path); return err },
		"ReadTurns":  func() error { _, err := ReadTurns(context.Background(), path); return err },
		"ReadHeader": func() error { _, err := ReadHeader(context.Background(), path); return err },
	} {
		err := read()
		if err == nil || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), fmt.Sprint(MaxFileBytes)) || !strings.Contains(err.Error(), "OMNIGAP_MAX_RECORDING_BYTES") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestRecordingHoldsNoRawControls: whatever the text of a run, the file
// holds no raw control character, and reads back exactly.
func TestRecordingHoldsNoRawControls(t *testing.T) {
	const hostile = "a\x1b]52;c;eA==\x07 \u009b2J \u202eevil\u202c \x7f \u2066x\u2069 \u200e\r\x08 done"
	sc := sample()
	sc.Title, sc.Seats[0].Character.Name = "Bike"+hostile, "Ana"+hostile
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := Create(path, Header{RunID: "r" + hostile, Scenario: sc, Mode: view.Agents, Backends: [2]string{"builtin" + hostile, "builtin"}})
	if err != nil {
		t.Fatal(err)
	}
	w.Event(event.Event{RunID: "r", Seq: 1, Kind: event.TurnCompleted, Turn: 1, Speaker: hostile, Action: &event.Action{Type: event.Speak, Text: hostile}})
	w.Close(&event.Ending{Reason: event.EndReason("limit" + hostile), Outcome: event.Outcome{Summary: hostile}})
	data, _ := os.ReadFile(path)
	if c := rawControl(data); c >= 0 {
		t.Fatalf("raw control character in the file: %q", data[max(0, c-20):min(len(data), c+20)])
	}
	rec, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Scenario.Title != sc.Title || rec.Events[0].Action.Text != hostile || rec.Ending().Outcome.Summary != hostile || string(rec.Ending().Reason) != "limit"+hostile {
		t.Fatalf("text did not come back whole: %q", rec.Events[0].Action.Text)
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
	rules := fmt.Sprintf(`,"rules":%d`, event.AnnotationRules)
	for _, c := range []struct{ from, to, field string }{
		{rules, rules + `,"person":"own-side"`, ""},
		{rules, ``, ""},
		{rules, rules + `,"person":"the neighbours"`, "person:"},
		{rules, `,"rules":99`, "rules:"},
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
