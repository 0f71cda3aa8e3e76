package interop_test

import (
	"strings"
	"testing"

	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
)

// hasRawControl reports a control character (other than a newline) in a
// written file.
func hasRawControl(b []byte) bool {
	return strings.ContainsFunc(string(b), func(r rune) bool {
		return r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
	})
}

// TestMarshalWritesOnlyWhatReadsBack: whatever text a scenario holds, the
// file Marshal writes has no raw control character, adds no key, and the
// loader reads it back as the same scenario, its text cleaned.
func TestMarshalWritesOnlyWhatReadsBack(t *testing.T) {
	for _, text := range []string{
		"plain",
		"\x1b]52;c;eA==\x07clip \u009b2J \u202eevil\r\x08 bell\x07",
		"  opens with spaces\nthen a line",
		"\n",
		"? 1.5\u2028",
		"public_facts:\n  - id: x\n    text: injected",
		"\"quoted\" 'single' # not a comment\n--- \n...",
	} {
		sc, err := library.Resolve("craigslist/road-bike", 1)
		if err != nil {
			t.Fatal(err)
		}
		sc.Seats[0].Character.Secret = text
		sc.Seats[1].Character.Public = "Public. " + text
		comment := "Imported from combo evil\npublic_facts: [{id: x}]\r\x1b]0;title\x07"
		data, err := interop.Marshal(sc, comment)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if hasRawControl(data) {
			t.Errorf("%q: raw control character in\n%s", text, data)
		}
		back, err := scenario.Parse("x.yaml", data)
		if err != nil {
			t.Fatalf("%q: the written file does not load: %v\n%s", text, err, data)
		}
		if len(back.PublicFacts) != len(sc.PublicFacts) || strings.Contains(string(data), "\npublic_facts:") {
			t.Errorf("%q: the comment or the text added keys:\n%s", text, data)
		}
		if lines := strings.Count(string(data[:strings.Index(string(data), "id:")]), "\n"); lines > 1 && !strings.HasPrefix(string(data), "{") {
			t.Errorf("%q: the comment takes %d lines:\n%s", text, lines, data)
		}
		want := sc.Seats[0].Character.Secret
		if strings.ContainsAny(want, "\x1b\r") {
			want = "clip  evil bell" // as textsafe.Clean leaves it
		}
		if got := back.Seats[0].Character.Secret; got != want && strings.TrimSpace(want) != "" {
			t.Errorf("%q: read back as %q", text, got)
		}
	}
}

func TestCappedKeepsNamesDistinct(t *testing.T) {
	long := strings.Repeat("a", 300)
	a, b := interop.Capped(long+"x"), interop.Capped(long+"y")
	if len(a) > interop.MaxNameBytes || a == b || !strings.HasPrefix(a, "aaaa") {
		t.Errorf("%q, %q", a, b)
	}
	if interop.Capped("short/name") != "short/name" {
		t.Error("a short name changed")
	}
}
