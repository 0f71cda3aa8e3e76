package export

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
)

// rawControl returns the first control character other than a newline
// that an export must not hold raw, or -1.
func rawControl(b []byte) int {
	for i, r := range string(b) {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c {
			return i
		}
	}
	return -1
}

// hostileCopy writes the shipped SCRIPT recording with edit applied to
// its text and returns its path.
func hostileCopy(t *testing.T, edit func(string) string) string {
	t.Helper()
	data, err := os.ReadFile("../../recordings/craigslist_road-bike-script-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "hostile.jsonl")
	if err := os.WriteFile(path, []byte(edit(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRedactHidesAFactsStoredWording: a derived price fact whose stored
// text says its number otherwise than the sentence it was derived from
// (and otherwise than the matcher reads) is hidden whole.
func TestRedactHidesAFactsStoredWording(t *testing.T) {
	const stored = "Dana will part with it for five-two-oh and not a cent under"
	path := hostileCopy(t, func(s string) string {
		return strings.Replace(s, "The lowest price Dana will accept is $520.", stored, 1)
	})
	var b bytes.Buffer
	if err := Recording(context.Background(), &b, path); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "five-two-oh") {
		t.Fatalf("the stored wording of seller-bottomline survived redaction:\n%.600s", b.String())
	}
}

// TestExportsKeepHostileTextWholeButEscaped: control characters in a
// recording's text reach no export raw, and every export decodes back to
// the exact text.
func TestExportsKeepHostileTextWholeButEscaped(t *testing.T) {
	const hostile = "\x1b]52;c;eA==\x07 \u009b2J \u202eevil\u202c \x7f \u2066x\u2069 \u200f\u061c"
	path := hostileCopy(t, func(s string) string {
		esc, _ := json.Marshal(hostile)
		return strings.ReplaceAll(s, `"text":"`, `"text":`+string(esc[:len(esc)-1]))
	})
	rec, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := []*record.Recording{rec}
	outputs := map[string]*bytes.Buffer{}
	for name, write := range map[string]func(*bytes.Buffer) error{
		"finetune":  func(b *bytes.Buffer) error { _, err := Finetune(b, recs, Options{}); return err },
		"sotopia":   func(b *bytes.Buffer) error { _, err := Sotopia(b, recs, Options{}); return err },
		"recording": func(b *bytes.Buffer) error { return Recording(context.Background(), b, path) },
	} {
		outputs[name] = &bytes.Buffer{}
		if err := write(outputs[name]); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for name, out := range outputs {
		if i := rawControl(out.Bytes()); i >= 0 {
			t.Errorf("%s holds a raw control character: %q", name, out.Bytes()[max(0, i-20):min(out.Len(), i+20)])
		}
		// Sotopia's logs quote each line (said: "..."), escapes and all.
		want := hostile
		if name == "sotopia" {
			want = strings.Trim(strconv.Quote(hostile), `"`)
		}
		var whole bool
		for line := range strings.SplitSeq(strings.TrimSpace(out.String()), "\n") {
			var v any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			walk(v, "", func(s string) { whole = whole || strings.Contains(s, want) }, func(string, float64) {})
		}
		if !whole {
			t.Errorf("%s does not keep the text whole", name)
		}
	}
}
